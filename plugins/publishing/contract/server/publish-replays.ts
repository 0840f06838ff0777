import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/**
 * Publish replays (run by the dialog engine): recording one for the app's current draft makes a
 * publish of that draft with changed answers need the editor's acknowledgement.
 */
export interface PublishReplays {
  /** Records that the app's current draft was replayed and how many answers would change. */
  record(db: DbExecutor, appId: string, changes: number, at: Date): Promise<void>;
}
export const PublishReplays = defineServiceRef<PublishReplays>('publishing.publish-replays');
