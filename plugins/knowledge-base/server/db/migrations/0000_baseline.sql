CREATE TABLE "glossary_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"term" text NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"definition" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intent_categories" (
	"intent_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "intent_categories_intent_id_category_id_pk" PRIMARY KEY("intent_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "intent_labels" (
	"intent_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	CONSTRAINT "intent_labels_intent_id_label_id_pk" PRIMARY KEY("intent_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"parent_id" uuid,
	"default_kind" text,
	"webhook_state" text DEFAULT 'WEBHOOK_STATE_UNSPECIFIED' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"input_contexts" text[] DEFAULT '{}'::text[] NOT NULL,
	"output_contexts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_owner" text,
	"source_url" text,
	"review_by" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "intents_kind_check" CHECK ("intents"."kind" in ('intent', 'qna')),
	CONSTRAINT "intents_default_kind_check" CHECK ("intents"."default_kind" is null or "intents"."default_kind" in ('welcome', 'fallback'))
);
--> statement-breakpoint
CREATE TABLE "training_phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intent_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"position" integer NOT NULL,
	"reference_id" text NOT NULL,
	"type" text NOT NULL,
	"parts" jsonb NOT NULL,
	"text" text NOT NULL,
	"entity_types" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "training_phrases_type_check" CHECK ("training_phrases"."type" in ('example', 'template'))
);
--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_categories" ADD CONSTRAINT "intent_categories_intent_id_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_categories" ADD CONSTRAINT "intent_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_labels" ADD CONSTRAINT "intent_labels_intent_id_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_labels" ADD CONSTRAINT "intent_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_parent_id_intents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_phrases" ADD CONSTRAINT "training_phrases_intent_id_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_app_term_uq" ON "glossary_terms" USING btree ("app_id",lower("term"));--> statement-breakpoint
CREATE INDEX "intent_categories_category_idx" ON "intent_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "intent_labels_label_idx" ON "intent_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intents_app_name_uq" ON "intents" USING btree ("app_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "intents_app_kind_idx" ON "intents" USING btree ("app_id","kind","display_name");--> statement-breakpoint
CREATE INDEX "intents_parent_idx" ON "intents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "training_phrases_intent_idx" ON "training_phrases" USING btree ("intent_id","position");--> statement-breakpoint
CREATE INDEX "training_phrases_app_idx" ON "training_phrases" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "training_phrases_entities_idx" ON "training_phrases" USING gin ("entity_types");