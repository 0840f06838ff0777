/** What plugins that require publishing may use on the server: the app's production knowledge. */
export { PublishedKnowledge } from './published-knowledge';
export { PublishReplays } from './publish-replays';
