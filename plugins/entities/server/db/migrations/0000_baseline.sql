CREATE TABLE "entity_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"display_name" text NOT NULL,
	"kind" text NOT NULL,
	"enable_fuzzy_extraction" boolean DEFAULT false NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_types_kind_check" CHECK ("entity_types"."kind" in ('KIND_MAP', 'KIND_LIST', 'KIND_REGEXP'))
);
--> statement-breakpoint
ALTER TABLE "entity_types" ADD CONSTRAINT "entity_types_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entity_types_app_name_uq" ON "entity_types" USING btree ("app_id",lower("display_name"));