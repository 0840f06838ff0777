CREATE TABLE "analytics_feature_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"feature" text NOT NULL,
	"module" text DEFAULT '' NOT NULL,
	"intent_id" text,
	"intent_name" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"anonymous_sessions" integer DEFAULT 0 NOT NULL,
	"engaged_sessions" integer DEFAULT 0 NOT NULL,
	"contained_sessions" integer DEFAULT 0 NOT NULL,
	"len_1" integer DEFAULT 0 NOT NULL,
	"len_2_3" integer DEFAULT 0 NOT NULL,
	"len_4_6" integer DEFAULT 0 NOT NULL,
	"len_7_10" integer DEFAULT 0 NOT NULL,
	"len_11_plus" integer DEFAULT 0 NOT NULL,
	"csat_1" integer DEFAULT 0 NOT NULL,
	"csat_2" integer DEFAULT 0 NOT NULL,
	"csat_3" integer DEFAULT 0 NOT NULL,
	"csat_4" integer DEFAULT 0 NOT NULL,
	"csat_5" integer DEFAULT 0 NOT NULL,
	"csat_comments" integer DEFAULT 0 NOT NULL,
	"turns" integer DEFAULT 0 NOT NULL,
	"fallbacks" integer DEFAULT 0 NOT NULL,
	"thumbs_up" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	"confidence_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_app_id_hour_environment_channel_pk" PRIMARY KEY("app_id","hour","environment","channel")
);
--> statement-breakpoint
CREATE TABLE "analytics_intent_hourly" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"intent_name" text NOT NULL,
	"turns" integer DEFAULT 0 NOT NULL,
	"fallbacks" integer DEFAULT 0 NOT NULL,
	"thumbs_up" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	"confidence_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_intent_hourly_app_id_hour_environment_channel_intent_name_pk" PRIMARY KEY("app_id","hour","environment","channel","intent_name")
);
--> statement-breakpoint
CREATE TABLE "analytics_member_hourly" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "analytics_member_hourly_app_id_hour_environment_channel_user_id_pk" PRIMARY KEY("app_id","hour","environment","channel","user_id")
);
--> statement-breakpoint
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
CREATE TABLE "analytics_rollup_state" (
	"app_id" text PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_feature_usages" ADD CONSTRAINT "analytics_feature_usages_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_intent_hourly" ADD CONSTRAINT "analytics_intent_hourly_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_member_hourly" ADD CONSTRAINT "analytics_member_hourly_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_schedules" ADD CONSTRAINT "analytics_report_schedules_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD CONSTRAINT "analytics_rollup_state_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_feature_usages_created_idx" ON "analytics_feature_usages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_feature_usages_app_idx" ON "analytics_feature_usages" USING btree ("app_id","created_at");