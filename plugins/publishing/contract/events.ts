import { defineEvent } from '@civic/sdk/common/events';

/** A new version of an app's knowledge went to production (the publish job committed). */
export const versionPublished = defineEvent<{ appId: string; version: number }>('version.published');

/** Production went back to an earlier version of an app's knowledge. */
export const versionRolledBack = defineEvent<{ appId: string; version: number }>('version.rolledBack');
