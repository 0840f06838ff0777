import { defineSlot } from '@civic/sdk/common';

/** What the intent and Q&A editors tell the panels beside them. */
export type IntentEditorContext = {
  /** The intent or Q&A pair being edited; absent while creating one. */
  intentId?: string;
  /** `create`, `edit` or `view` (§2 editor modes). */
  mode?: string;
};

/** Beside the intent and Q&A editors: panels about the intent being edited (the web chat's "Try it"). */
export const IntentEditorSlot = defineSlot<IntentEditorContext>('knowledge-base.intent-editor');
