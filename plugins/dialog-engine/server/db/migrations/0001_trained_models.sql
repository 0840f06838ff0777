CREATE TABLE "dialog_engine_trained_models" (
	"app_id" text NOT NULL,
	"environment" text NOT NULL,
	"content_hash" text NOT NULL,
	"model" "bytea",
	"phrases" integer NOT NULL,
	"millis" integer NOT NULL,
	"trained_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dialog_engine_trained_models_app_id_environment_content_hash_pk" PRIMARY KEY("app_id","environment","content_hash")
);
--> statement-breakpoint
ALTER TABLE "dialog_engine_trained_models" ADD CONSTRAINT "dialog_engine_trained_models_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;