/** The intents list's sort orders: beside the DTO, not in it, so the list page loads no class-validator. */
export const INTENT_SORTS = ['name', 'updatedAt'] as const;
export type IntentSort = (typeof INTENT_SORTS)[number];
