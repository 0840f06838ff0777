CREATE TABLE "publishing_import_chunks" (
	"job_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "publishing_import_chunks_job_id_no_pk" PRIMARY KEY("job_id","no")
);
--> statement-breakpoint
CREATE TABLE "publishing_import_stages" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"state" text NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_import_stages_state_check" CHECK ("publishing_import_stages"."state" in ('staging', 'applying'))
);
--> statement-breakpoint
ALTER TABLE "publishing_import_chunks" ADD CONSTRAINT "publishing_import_chunks_job_id_publishing_import_stages_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."publishing_import_stages"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_import_stages" ADD CONSTRAINT "publishing_import_stages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_import_stages" ADD CONSTRAINT "publishing_import_stages_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;