CREATE TABLE "analytics_point_hourly" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"points" "bytea" NOT NULL,
	CONSTRAINT "analytics_point_hourly_app_id_hour_environment_channel_pk" PRIMARY KEY("app_id","hour","environment","channel")
);
--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_0" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_6" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_7" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_8" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "conf_9" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_point_hourly" ADD CONSTRAINT "analytics_point_hourly_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The hours already rolled up have neither points nor confidence tenths: every app's rollups are rebuilt
-- from its first activity by the next run of the rollup job (or the next report read).
DELETE FROM "analytics_rollup_state";
