/**
 * The tables of dialog-engine that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { chatSessions, dialogEngineConfigs, transcripts } from '../../server/db/schema';
