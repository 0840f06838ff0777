import { defineEvent } from '@civic/sdk/common/events';

/**
 * A model was trained and stored: other server processes load it (by these ids) instead of
 * training the same content again.
 */
export const modelTrained = defineEvent<{ appId: string; environment: string; contentHash: string }>('model.trained');

/** An app's engine configuration (engine, handlers, linked apps) changed: every server reads it again. */
export const engineConfigured = defineEvent<{ appId: string }>('dialog-engine.configured');

/** A chat session's state (contexts, slot filling) changed: other servers drop their copy of the session. */
export const chatSessionChanged = defineEvent<{ sessionId: string }>('dialog-engine.chatSessionChanged');
