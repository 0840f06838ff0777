import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** The widget settings document an app saved, as stored (no defaults filled in), for plugins that read a switch of it. */
export interface SavedWebChatSettings {
  /** The saved document, or undefined when the app never saved its widget settings. */
  read(db: DbExecutor, appId: string): Promise<Record<string, unknown> | undefined>;
}
export const SavedWebChatSettings = defineServiceRef<SavedWebChatSettings>('webchat.saved-settings');
