-- The read model other plugins query in SQL (analytics): plain projections of the turns and sessions,
-- inlined by the planner, so reads through them use the tables' indexes. A later migration that changes
-- these columns recreates the views with the same columns (contract/server/conversation-read-model.ts).
CREATE VIEW "public"."conversation_sessions" AS (select "id", "app_id", "environment", "channel", "user_id", "csat_rating", "csat_comment", "created_at" from "chat_sessions");--> statement-breakpoint
CREATE VIEW "public"."conversation_turns" AS (select "id", "app_id", "session_id", "environment", "channel", "data", "intent_name", "confidence_score", "fallback", "thumbs_up", "thumbs_down", "content_version", "created_at" from "transcripts");