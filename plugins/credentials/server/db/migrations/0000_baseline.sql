CREATE TABLE "credential_secrets" (
	"credential_id" uuid NOT NULL,
	"field" text NOT NULL,
	"sealed" text NOT NULL,
	"key_id" text NOT NULL,
	"last_four" text,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_secrets_credential_id_field_pk" PRIMARY KEY("credential_id","field")
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"agency_id" uuid,
	"app_id" text,
	"values" jsonb NOT NULL,
	"last_tested_at" timestamp with time zone,
	"last_test_status" text,
	"last_test_reason" text,
	"last_test_latency_ms" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credentials_kind_name" UNIQUE("kind","name")
);
--> statement-breakpoint
ALTER TABLE "credential_secrets" ADD CONSTRAINT "credential_secrets_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;