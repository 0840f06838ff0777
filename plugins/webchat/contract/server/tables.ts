/**
 * The tables of webchat that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { webchatSettings } from '../../server/db/schema';
