CREATE TABLE "publish_replays" (
	"app_id" text PRIMARY KEY NOT NULL,
	"draft_hash" text NOT NULL,
	"changes" integer NOT NULL,
	"replayed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_replays" ADD CONSTRAINT "publish_replays_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;