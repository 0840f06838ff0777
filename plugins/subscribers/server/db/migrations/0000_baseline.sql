CREATE TABLE "app_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"topics" text[] DEFAULT '{}' NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_subscribers" ADD CONSTRAINT "app_subscribers_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_subscribers_contact_idx" ON "app_subscribers" USING btree ("app_id","channel","contact");--> statement-breakpoint
CREATE INDEX "app_subscribers_page_idx" ON "app_subscribers" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_subscribers_status_idx" ON "app_subscribers" USING btree ("app_id","status","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "app_subscribers_token_idx" ON "app_subscribers" USING btree ("unsubscribe_token_hash");