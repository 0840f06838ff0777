import { defineEvent } from '@civic/sdk/common/events';

/**
 * An app's draft content changed: intents, Q&A pairs, phrases, glossary, entities, categories and
 * labels, imports, the generator, bulk classification. Published by the plugin that made the change,
 * in the same transaction (entities, classification and publishing require knowledge-base for it).
 */
export const knowledgeChanged = defineEvent<{ appId: string }>('knowledge.changed');
