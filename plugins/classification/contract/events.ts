import { defineEvent } from '@civic/sdk/common/events';

/** An app's categories or labels, or their assignment to intents, changed: part of its draft content. */
export const classificationChanged = defineEvent<{ appId: string }>('classification.changed');
