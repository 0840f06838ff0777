import { defineSlot } from '@civic/sdk/common';

/** What the Knowledge base tab tells the panels under its confidence thresholds. */
export type KnowledgeBaseSettingsContext = {
  /** The intent threshold as typed in the form (not yet saved), as text. */
  mlConfidenceThreshold?: string;
  /** Automatic is chosen: the panel says which threshold that is now and what it costs. */
  thresholdMode?: 'automatic' | 'fixed';
};

/** Under the confidence thresholds of App settings › Knowledge base (the dialog engine's fallback trade-off). */
export const KnowledgeBaseSettingsSlot = defineSlot<KnowledgeBaseSettingsContext>('app-settings.knowledge-base-settings');
