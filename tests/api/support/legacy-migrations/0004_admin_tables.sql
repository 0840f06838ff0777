CREATE TABLE "adaptor_apps" (
	"adaptor_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	CONSTRAINT "adaptor_apps_adaptor_id_app_id_pk" PRIMARY KEY("adaptor_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "adaptors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"webhook_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adaptors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "adaptor_apps" ADD CONSTRAINT "adaptor_apps_adaptor_id_adaptors_id_fk" FOREIGN KEY ("adaptor_id") REFERENCES "public"."adaptors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptor_apps" ADD CONSTRAINT "adaptor_apps_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adaptor_apps_app_idx" ON "adaptor_apps" USING btree ("app_id");