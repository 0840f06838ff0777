ALTER TABLE "apps" ALTER COLUMN "ml_confidence_threshold" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "ml_confidence_threshold" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "qna_confidence_threshold" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "qna_confidence_threshold" DROP NOT NULL;