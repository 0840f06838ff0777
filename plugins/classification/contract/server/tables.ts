/**
 * The tables of classification that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { categories, labels } from '../../server/db/schema';
