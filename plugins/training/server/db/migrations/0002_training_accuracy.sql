CREATE TABLE "training_accuracy_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"basis" text NOT NULL,
	"items" jsonb NOT NULL,
	"questions" integer NOT NULL,
	"correct" integer NOT NULL,
	"measured_by" text NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_actions" ADD COLUMN "accuracy_basis" text;--> statement-breakpoint
ALTER TABLE "training_actions" ADD COLUMN "accuracy_questions" integer;--> statement-breakpoint
ALTER TABLE "training_actions" ADD COLUMN "accuracy_before" double precision;--> statement-breakpoint
ALTER TABLE "training_actions" ADD COLUMN "accuracy_after" double precision;--> statement-breakpoint
ALTER TABLE "training_accuracy_measurements" ADD CONSTRAINT "training_accuracy_measurements_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_accuracy_measurements_app_idx" ON "training_accuracy_measurements" USING btree ("app_id","measured_at" DESC NULLS LAST);