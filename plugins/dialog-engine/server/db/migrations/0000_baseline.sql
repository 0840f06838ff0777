CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid,
	"state" jsonb NOT NULL,
	"csat_rating" integer,
	"csat_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_sessions_csat_check" CHECK ("chat_sessions"."csat_rating" is null or "chat_sessions"."csat_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "dialog_engine_configs" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"engine" text NOT NULL,
	"qna_handler" text,
	"dialog_handler" text,
	"linked_app_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialog_engine_configs_app_id_environment_pk" PRIMARY KEY("app_id","environment"),
	CONSTRAINT "dialog_engine_configs_env_check" CHECK ("dialog_engine_configs"."environment" in ('draft', 'production'))
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"channel" text NOT NULL,
	"data" text NOT NULL,
	"trans_author" text NOT NULL,
	"reply" jsonb NOT NULL,
	"confidence_score" double precision NOT NULL,
	"intent_id" uuid,
	"intent_name" text,
	"fallback" boolean NOT NULL,
	"top_matches" jsonb NOT NULL,
	"content_version" text NOT NULL,
	"content_hash" text NOT NULL,
	"thumbs_up" boolean DEFAULT false NOT NULL,
	"thumbs_down" boolean DEFAULT false NOT NULL,
	"review_status" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialog_engine_configs" ADD CONSTRAINT "dialog_engine_configs_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_app_created_idx" ON "chat_sessions" USING btree ("app_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transcripts_app_created_idx" ON "transcripts" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transcripts_session_idx" ON "transcripts" USING btree ("session_id");