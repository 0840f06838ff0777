/** What plugins that require the knowledge base may use on the server. */
export { KnowledgeSnapshots } from './knowledge-snapshots';
