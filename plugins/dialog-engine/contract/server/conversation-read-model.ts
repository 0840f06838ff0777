/**
 * The dialog engine's conversations as a published read model: two views its own migration creates
 * (0004_conversation_read_model), for plugins that aggregate them in SQL (analytics' rollups and
 * reports) where a service returning rows would move every turn through the server.
 *
 * - `conversationTurns` (`conversation_turns`): one row a turn — id, app_id, session_id, environment,
 *   channel, data (the question), intent_name (null when unmatched), confidence_score, fallback,
 *   thumbs_up, thumbs_down, content_version (`<linked app id>:<version>` on a superbot), created_at.
 * - `conversationSessions` (`conversation_sessions`): one row a session — id, app_id, environment,
 *   channel, user_id (the member chatting with the draft; null for a citizen), csat_rating (1–5 or
 *   null), csat_comment, created_at.
 *
 * These columns are the contract: the dialog engine may change its tables, not them. Both are plain
 * projections, inlined by the planner, so a read by (app_id, created_at) uses the tables' indexes, and
 * turns by session_id theirs. Read them only: the turns are written by the engine.
 */
export { conversationSessions, conversationTurns } from '../../server/db/read-model';
