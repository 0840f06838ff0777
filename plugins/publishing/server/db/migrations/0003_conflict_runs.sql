CREATE TABLE "publishing_conflict_groups" (
	"run_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"app_id" text NOT NULL,
	"intent_a" uuid NOT NULL,
	"intent_b" uuid NOT NULL,
	"pair_count" integer NOT NULL,
	"max_score" integer NOT NULL,
	"identical_count" integer NOT NULL,
	CONSTRAINT "publishing_conflict_groups_run_id_no_pk" PRIMARY KEY("run_id","no")
);
--> statement-breakpoint
CREATE TABLE "publishing_conflict_pairs" (
	"run_id" uuid NOT NULL,
	"group_no" integer NOT NULL,
	"rank" integer NOT NULL,
	"phrase_a" uuid NOT NULL,
	"phrase_b" uuid NOT NULL,
	"hash_a" integer NOT NULL,
	"hash_b" integer NOT NULL,
	"score" integer NOT NULL,
	"identical" boolean NOT NULL,
	CONSTRAINT "publishing_conflict_pairs_run_id_group_no_rank_pk" PRIMARY KEY("run_id","group_no","rank")
);
--> statement-breakpoint
CREATE TABLE "publishing_conflict_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"job_id" uuid,
	"state" text NOT NULL,
	"threshold" integer NOT NULL,
	"phrases" integer NOT NULL,
	"groups" integer NOT NULL,
	"pairs" integer NOT NULL,
	"identical" integer NOT NULL,
	"millis" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "publishing_conflict_runs_state_check" CHECK ("publishing_conflict_runs"."state" in ('writing', 'current', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "publishing_conflict_groups" ADD CONSTRAINT "publishing_conflict_groups_run_id_publishing_conflict_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."publishing_conflict_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_conflict_pairs" ADD CONSTRAINT "publishing_conflict_pairs_run_id_publishing_conflict_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."publishing_conflict_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_conflict_runs" ADD CONSTRAINT "publishing_conflict_runs_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publishing_conflict_groups_intents_idx" ON "publishing_conflict_groups" USING btree ("run_id","intent_a","intent_b");--> statement-breakpoint
CREATE INDEX "publishing_conflict_groups_pairs_idx" ON "publishing_conflict_groups" USING btree ("run_id","pair_count" DESC NULLS LAST,"no");--> statement-breakpoint
CREATE INDEX "publishing_conflict_groups_score_idx" ON "publishing_conflict_groups" USING btree ("run_id","max_score" DESC NULLS LAST,"no");--> statement-breakpoint
CREATE INDEX "publishing_conflict_pairs_phrase_a_idx" ON "publishing_conflict_pairs" USING btree ("run_id","phrase_a");--> statement-breakpoint
CREATE INDEX "publishing_conflict_pairs_phrase_b_idx" ON "publishing_conflict_pairs" USING btree ("run_id","phrase_b");--> statement-breakpoint
CREATE INDEX "publishing_conflict_runs_app_idx" ON "publishing_conflict_runs" USING btree ("app_id","state");