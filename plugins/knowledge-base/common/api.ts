import type { GlossaryTerm, Intent, IntentKind } from '../contract/common/knowledge/index';

const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

/** Paths of the knowledge-base API (routes as mounted, and builders for the browser). */
export const KbApi = {
  intentsRoute: '/api/v1/apps/:appId/intents',
  intentRoute: '/api/v1/apps/:appId/intents/:intentId',
  glossaryRoute: '/api/v1/apps/:appId/glossary',
  glossaryImportRoute: '/api/v1/apps/:appId/glossary/import',
  termRoute: '/api/v1/apps/:appId/glossary/:termId',
  intents: (appId: string) => `${app(appId)}/intents`,
  intent: (appId: string, intentId: string) => `${app(appId)}/intents/${encodeURIComponent(intentId)}`,
  glossary: (appId: string) => `${app(appId)}/glossary`,
  glossaryImport: (appId: string) => `${app(appId)}/glossary/import`,
  term: (appId: string, termId: string) => `${app(appId)}/glossary/${encodeURIComponent(termId)}`,
  /** Built by the entities/classification plugins; absent routes answer 404 and the UI does without. */
  categories: (appId: string) => `${app(appId)}/categories`,
  labels: (appId: string) => `${app(appId)}/labels`,
  entities: (appId: string) => `${app(appId)}/entities`,
  classification: (appId: string) => `${app(appId)}/intents/classification`,
} as const;

/** One row of the intents table: a node of the tree, in tree order (parents before their follow-ups). */
export interface IntentRow {
  id: string;
  kind: IntentKind;
  displayName: string;
  parentId: string | null;
  /** 1 for a level 1 intent. */
  level: number;
  defaultKind: 'welcome' | 'fallback' | null;
  phraseCount: number;
  childCount: number;
  categoryIds: string[];
  labelIds: string[];
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
  updatedAt: string;
  /** False for an ancestor shown only so that a matching follow-up has its place in the tree. */
  matched: boolean;
}

export interface IntentListResponse {
  rows: IntentRow[];
  /** Rows of the whole filtered tree (for paging and the virtual table). */
  total: number;
  offset: number;
  /** Intents and Q&A pairs of the app, whatever the filters. */
  counts: { intent: number; qna: number };
}

/** One intent as the editor loads it: the draft plus its family. */
export interface IntentDetail extends Intent {
  parent: { id: string; displayName: string } | null;
  children: Array<{ id: string; displayName: string }>;
}

export interface IntentResponse {
  intent: IntentDetail;
}

export interface IntentDeleteResponse {
  /** Ids of the intent and every follow-up deleted with it. */
  deletedIds: string[];
}

export interface GlossaryListResponse {
  terms: GlossaryTerm[];
  total: number;
}

export interface GlossaryImportResponse {
  added: number;
  updated: number;
}

/** Shapes of the classification and entities APIs this plugin reads (owned by other plugins). */
export interface NamedRef {
  id: string;
  name: string;
}
export interface EntityRef {
  id: string;
  name: string;
  kind?: string;
}
