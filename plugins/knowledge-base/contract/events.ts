import { defineEvent } from '@civic/sdk/common/events';

/**
 * An app's knowledge base changed: intents, Q&A pairs, phrases, glossary, imports, the generator.
 * Published in the transaction of the change, by knowledge-base or by a plugin that writes the
 * draft for it (publishing's imports). Entities and classification publish their own events
 * (`entities.changed`, `classification.changed`): whoever trains on the whole draft listens to all three.
 */
export const knowledgeChanged = defineEvent<{ appId: string }>('knowledge.changed');
