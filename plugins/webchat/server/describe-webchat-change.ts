import { WEBCHAT_FIELDS, type WebChatSettings } from '../common/webchat-settings';

/** The audit summary of a save: the names of the fields that changed (values can be long). */
export function describeWebChatChange(before: WebChatSettings, after: WebChatSettings): string {
  const changed = WEBCHAT_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return changed.length > 0 ? `changed ${changed.join(', ')}` : 'no change';
}
