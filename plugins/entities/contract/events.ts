import { defineEvent } from '@civic/sdk/common/events';

/** An app's entity types changed (created, edited, deleted, imported): part of the draft the engine trains on. */
export const entitiesChanged = defineEvent<{ appId: string }>('entities.changed');
