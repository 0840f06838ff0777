import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/**
 * The apps a superbot (REDIRECTION_ENGINE) routes to, as its /dialogFlow settings name them: what
 * analytics lists in the superbot report beside the apps its turns went to.
 */
export interface LinkedApps {
  /** The app's linked app ids over both environments, distinct and sorted; [] for an app that links none. */
  of(db: DbExecutor, appId: string): Promise<string[]>;
}
export const LinkedApps = defineServiceRef<LinkedApps>('dialog-engine.linked-apps');
