ALTER TABLE "publish_requests" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "publish_requests" ADD COLUMN "snapshot_hash" text;