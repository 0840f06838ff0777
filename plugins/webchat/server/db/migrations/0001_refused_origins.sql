CREATE TABLE "webchat_refused_origins" (
	"app_id" text NOT NULL,
	"origin" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webchat_refused_origins_app_id_origin_pk" PRIMARY KEY("app_id","origin")
);
--> statement-breakpoint
ALTER TABLE "webchat_refused_origins" ADD CONSTRAINT "webchat_refused_origins_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;