/**
 * The tables of platform-admin that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { adaptorApps, adaptors } from '../../server/db/schema';
