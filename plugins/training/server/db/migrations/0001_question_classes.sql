CREATE TABLE "training_question_classes" (
	"app_id" text NOT NULL,
	"transcript_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"class_id" uuid NOT NULL,
	"assigned_by" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_question_classes_transcript_id_kind_class_id_pk" PRIMARY KEY("transcript_id","kind","class_id")
);
--> statement-breakpoint
ALTER TABLE "training_question_classes" ADD CONSTRAINT "training_question_classes_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_question_classes_app_class_idx" ON "training_question_classes" USING btree ("app_id","kind","class_id");