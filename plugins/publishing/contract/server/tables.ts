/**
 * The tables of publishing that plugins requiring it still read directly. Transitional: each read moves
 * behind a service of this contract, then this file goes (docs/sdk-guide.md, Contracts).
 */
export { appProduction, knowledgeVersions, publishingSettings, publishRequests } from '../../server/db/schema';
