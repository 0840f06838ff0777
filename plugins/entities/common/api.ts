import type { EntityEntry, EntityKind } from '../contract/common/index';

const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

export const EntitiesApi = {
  list: (appId: string) => `${app(appId)}/entities`,
  listRoute: '/api/v1/apps/:appId/entities',
  entity: (appId: string, entityId: string) => `${app(appId)}/entities/${encodeURIComponent(entityId)}`,
  entityRoute: '/api/v1/apps/:appId/entities/:entityId',
} as const;

/** One row of the entity list (GET …/entities). `name` is without its `@`. */
export interface EntityListItem {
  id: string;
  name: string;
  kind: EntityKind;
  enableFuzzyExtraction: boolean;
  entryCount: number;
  /** Intents and Q&A pairs whose training phrases or parameters use the entity. */
  usageCount: number;
  updatedAt: string;
  /** Only with `?withEntries=true`. */
  entries?: EntityEntry[];
}

export interface EntityList {
  entities: EntityListItem[];
}

/** Where an entity is used: one intent, the phrases tagged with it and the parameters of its type. */
export interface EntityUsage {
  intentId: string;
  intentName: string;
  intentKind: 'intent' | 'qna';
  phraseCount: number;
  parameters: string[];
}

/** One entity as the editor loads it (§3 field names). */
export interface EntityDetail {
  id: string;
  appId: string;
  display_name: string;
  kind: EntityKind;
  enable_fuzzy_extraction: boolean;
  entities: EntityEntry[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface EntityWithUsages {
  entity: EntityDetail;
  usages: EntityUsage[];
}

/** The 409 body's `detail` when a delete is refused because the entity is in use. */
export interface EntityInUseDetail {
  usages: EntityUsage[];
}

export interface EntityDeleted {
  deleted: string;
  removedFromPhrases: number;
  removedParameters: number;
}
