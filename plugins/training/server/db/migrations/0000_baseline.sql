CREATE TABLE "training_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"action" text NOT NULL,
	"transcript_ids" jsonb NOT NULL,
	"intent_id" uuid,
	"intent_name" text,
	"phrase" text,
	"reason" text,
	"review_status" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_auto_tp_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"email" text NOT NULL,
	"intent_id" text NOT NULL,
	"intent_name" text NOT NULL,
	"suggested" integer NOT NULL,
	"approved" integer NOT NULL,
	"edited" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_actions" ADD CONSTRAINT "training_actions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_auto_tp_actions" ADD CONSTRAINT "training_auto_tp_actions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_actions_app_created_idx" ON "training_actions" USING btree ("app_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_auto_tp_actions_app_idx" ON "training_auto_tp_actions" USING btree ("app_id","created_at" DESC NULLS LAST);