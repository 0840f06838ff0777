/** What plugins that require webchat may use on the server. */
export { SavedWebChatSettings } from './saved-settings';
