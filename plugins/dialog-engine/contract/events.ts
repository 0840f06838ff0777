import { defineEvent } from '@civic/sdk/common/events';

/**
 * A model was trained and stored: other server processes load it (by these ids) instead of
 * training the same content again.
 */
export const modelTrained = defineEvent<{ appId: string; environment: string; contentHash: string }>('model.trained');

/** An app's engine configuration (engine, handlers, linked apps) changed: every server reads it again. */
export const engineConfigured = defineEvent<{ appId: string }>('dialog-engine.configured');

/** Chat sessions' states (contexts, slot filling) changed and are written: other servers drop their copies of them (ids comma-separated). */
export const chatSessionsChanged = defineEvent<{ sessionIds: string }>('dialog-engine.chatSessionsChanged');
