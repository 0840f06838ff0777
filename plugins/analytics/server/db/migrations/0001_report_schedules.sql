CREATE TABLE "analytics_report_schedules" (
	"app_id" text PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"format" text NOT NULL,
	"recipients" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_report_schedules" ADD CONSTRAINT "analytics_report_schedules_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;