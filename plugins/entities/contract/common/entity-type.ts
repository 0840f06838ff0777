/** §3 "Entity" (knowledge base entity): kind derives from three checkboxes (§4). */
export const ENTITY_KINDS = ['KIND_MAP', 'KIND_LIST', 'KIND_REGEXP'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface EntityEntry {
  value: string;
  synonyms: string[];
}

export interface EntityType {
  id: string;
  appId: string;
  /** Without the `@`; shown with it. */
  display_name: string;
  kind: EntityKind;
  enable_fuzzy_extraction: boolean;
  entities: EntityEntry[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Entity names are shown and referenced with an `@` prefix (§5). */
export function entityRef(displayName: string): string {
  return displayName.startsWith('@') ? displayName : `@${displayName}`;
}

/** The key an entity reference is compared by: no `@`, lower case (names are unique regardless of case). */
export function refKey(ref: string): string {
  return (ref.startsWith('@') ? ref.slice(1) : ref).toLowerCase();
}
