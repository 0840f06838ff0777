import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import type { BulkRow } from './bulk';
import type { Candidate } from './qna-extract';
import type { SnapshotDiff } from './diff';

const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

/** Paths of the publishing plugin: `…Route` are the mounted patterns, the functions build URLs. */
export const PublishingApi = {
  jobsRoute: '/api/v1/apps/:appId/jobs',
  jobRoute: '/api/v1/apps/:appId/jobs/:jobId',
  cancelJobRoute: '/api/v1/apps/:appId/jobs/:jobId/cancel',
  jobs: (appId: string) => `${app(appId)}/jobs`,
  job: (appId: string, jobId: string) => `${app(appId)}/jobs/${encodeURIComponent(jobId)}`,
  cancelJob: (appId: string, jobId: string) => `${app(appId)}/jobs/${encodeURIComponent(jobId)}/cancel`,

  /** Publish replay, served by the dialog-engine plugin when it is enabled (404 otherwise). */
  replay: (appId: string) => `${app(appId)}/replay`,

  overviewRoute: '/api/v1/apps/:appId/publishing',
  draftProgressRoute: '/api/v1/apps/:appId/draft-progress',
  publishRoute: '/api/v1/apps/:appId/publishing/publish',
  approveRoute: '/api/v1/apps/:appId/publishing/requests/:requestId/approve',
  rejectRoute: '/api/v1/apps/:appId/publishing/requests/:requestId/reject',
  rollbackRoute: '/api/v1/apps/:appId/publishing/rollback',
  settingsRoute: '/api/v1/apps/:appId/publishing/settings',
  diffRoute: '/api/v1/apps/:appId/publishing/diff',
  versionExportRoute: '/api/v1/apps/:appId/versions/:versionId/export',
  overview: (appId: string) => `${app(appId)}/publishing`,
  draftProgress: (appId: string) => `${app(appId)}/draft-progress`,
  publish: (appId: string) => `${app(appId)}/publishing/publish`,
  approve: (appId: string, requestId: string) => `${app(appId)}/publishing/requests/${encodeURIComponent(requestId)}/approve`,
  reject: (appId: string, requestId: string) => `${app(appId)}/publishing/requests/${encodeURIComponent(requestId)}/reject`,
  rollback: (appId: string) => `${app(appId)}/publishing/rollback`,
  settings: (appId: string) => `${app(appId)}/publishing/settings`,
  diff: (appId: string) => `${app(appId)}/publishing/diff`,
  versionExport: (appId: string, versionId: string) => `${app(appId)}/versions/${encodeURIComponent(versionId)}/export`,

  exportRoute: '/api/v1/apps/:appId/export',
  importRoute: '/api/v1/apps/:appId/import',
  importPreviewRoute: '/api/v1/apps/:appId/import/preview',
  export: (appId: string) => `${app(appId)}/export`,
  import: (appId: string) => `${app(appId)}/import`,
  importPreview: (appId: string) => `${app(appId)}/import/preview`,

  bulkPreviewRoute: '/api/v1/apps/:appId/bulk-import/preview',
  bulkImportRoute: '/api/v1/apps/:appId/bulk-import',
  bulkPreview: (appId: string) => `${app(appId)}/bulk-import/preview`,
  bulkImport: (appId: string) => `${app(appId)}/bulk-import`,

  generatorApplyRoute: '/api/v1/apps/:appId/qna-generator/apply',
  generatorApply: (appId: string) => `${app(appId)}/qna-generator/apply`,
  generatorPdfRoute: '/api/v1/apps/:appId/qna-generator/pdf',
  generatorPdf: (appId: string) => `${app(appId)}/qna-generator/pdf`,

  conflictsRoute: '/api/v1/apps/:appId/conflicts',
  conflictRunRoute: '/api/v1/apps/:appId/conflicts/run',
  conflictPairsRoute: '/api/v1/apps/:appId/conflicts/groups/:intentA/:intentB/pairs',
  movePhraseRoute: '/api/v1/apps/:appId/conflicts/phrases/:phraseId/move',
  deletePhraseRoute: '/api/v1/apps/:appId/conflicts/phrases/:phraseId',
  conflicts: (appId: string) => `${app(appId)}/conflicts`,
  conflictRun: (appId: string) => `${app(appId)}/conflicts/run`,
  conflictPairs: (appId: string, intentA: string, intentB: string) =>
    `${app(appId)}/conflicts/groups/${encodeURIComponent(intentA)}/${encodeURIComponent(intentB)}/pairs`,
  movePhrase: (appId: string, phraseId: string) => `${app(appId)}/conflicts/phrases/${encodeURIComponent(phraseId)}/move`,
  deletePhrase: (appId: string, phraseId: string) => `${app(appId)}/conflicts/phrases/${encodeURIComponent(phraseId)}`,
} as const;

/** Job kinds this plugin runs. */
export const JobKinds = {
  publish: 'publishing.publish',
  importAgent: 'publishing.import-agent',
  conflicts: 'publishing.conflicts',
  bulkImport: 'publishing.bulk-import',
  generator: 'publishing.qna-generator',
} as const;

export const JOB_KIND_LABELS: Record<string, string> = {
  [JobKinds.publish]: 'Publish',
  [JobKinds.importAgent]: 'Agent import (zip)',
  [JobKinds.conflicts]: 'Conflict detection',
  [JobKinds.bulkImport]: 'Bulk import (Q&A)',
  [JobKinds.generator]: 'Q&A generator',
  /** The dialog engine's model training (its own job kind). */
  training: 'Training',
};

/** The dialog-engine plugin id: the publish dialog offers replay only where it is enabled. */
export const REPLAY_PLUGIN_ID = 'dialog-engine';

/** One answer in a publish replay (the wire shape of the dialog-engine's replay route). */
export interface ReplayAnswerView {
  intentId: string | null;
  intentName: string | null;
  confidence: number;
  fallback: boolean;
  messages: unknown[];
}

/** A recent production question whose answer the draft would change. */
export interface ReplayChangeView {
  question: string;
  asked: number;
  change: 'intent' | 'answer';
  production: ReplayAnswerView;
  draft: ReplayAnswerView;
}

export interface ReplayResultView {
  published: boolean;
  questions: number;
  distinct: number;
  changes: ReplayChangeView[];
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A job as the browser sees it (dates as ISO strings). */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progress: number;
  counts: Record<string, number>;
  errors: string[];
  cancelRequested: boolean;
  createdByEmail: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface VersionSummary {
  id: string;
  number: number;
  note: string;
  authorEmail: string;
  approvedByEmail: string | null;
  createdAt: string;
  /** Counts of what it holds. */
  intents: number;
  phrases: number;
  entityTypes: number;
}

/** §3 Draft progress: a publish job's progress, and the version production now points at. */
export interface DraftProgress {
  appId: string;
  progress: number;
  status: 'none' | JobStatus;
  version_reference_id: string | null;
  /** §4: something changed since the last conflict-detection run (or it never ran). */
  conflictCheckRecommended: boolean;
}

export interface PublishRequestView {
  id: string;
  note: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  requestedByEmail: string;
  requestedAt: string;
  decidedByEmail: string | null;
  decidedAt: string | null;
  /** The draft changed since the request was filed (it pinned the draft then): it can no longer be approved. */
  stale: boolean;
}

export interface OverdueItem {
  intentId: string;
  displayName: string;
  kind: 'intent' | 'qna';
  reviewBy: string;
}

export interface PublishingOverview {
  production: VersionSummary | null;
  productionChangedAt: string | null;
  productionChangedByEmail: string | null;
  versions: VersionSummary[];
  requireApproval: boolean;
  /** Whether the deployment forces approval for every app (then the per-app switch cannot turn it off). */
  approvalByDeployment: boolean;
  pendingRequest: PublishRequestView | null;
  draftProgress: DraftProgress;
  /** Items whose review-by date has passed (listed in the publish dialog). */
  reviewOverdue: OverdueItem[];
  /** Draft differs from production (or never published). */
  draftChanged: boolean;
}

export interface PublishResult {
  job: JobView | null;
  request: PublishRequestView | null;
  /** Changed answers in the draft's replay the editor acknowledged (0: none changed, or no replay of this draft). */
  acknowledgedChanges: number;
}

export interface DiffResult {
  from: string;
  to: string;
  diff: SnapshotDiff;
}

export interface ConflictPhrase {
  phraseId: string;
  text: string;
  intentId: string;
  intentName: string;
  intentKind: 'intent' | 'qna';
}

export interface ConflictPair {
  score: number;
  identical: boolean;
  a: ConflictPhrase;
  b: ConflictPhrase;
}

export interface ConflictIntent {
  id: string;
  name: string;
  kind: 'intent' | 'qna';
}

/** The phrase pairs one run found between two intents (`a` sorts before `b` by id). */
export interface ConflictGroup {
  a: ConflictIntent;
  b: ConflictIntent;
  pairs: number;
  maxScore: number;
  identical: number;
}

/** What the last run found (less the pairs resolved on the page since). */
export interface ConflictTotals {
  runAt: string;
  threshold: number;
  phrases: number;
  groups: number;
  pairs: number;
  identical: number;
  /** How long the run took, in milliseconds. */
  millis: number;
}

export type ConflictSort = 'pairs' | 'score';

/** GET …/conflicts: the totals and a keyset page of intent-pair groups (`next`: the cursor of the page after, null at the end). */
export interface ConflictReport {
  totals: ConflictTotals | null;
  sort: ConflictSort;
  groups: ConflictGroup[];
  next: string | null;
  job: JobView | null;
  recommended: boolean;
}

/** GET …/conflicts/groups/{a}/{b}/pairs: a keyset page of the group's phrase pairs, best first (stale pairs left out). */
export interface ConflictPairPage {
  pairs: ConflictPair[];
  next: string | null;
}

/** Paging of the conflict lists. */
export const ConflictPaging = { defaultLimit: 50, maxLimit: 200 } as const;

/** A previewed spreadsheet row: its values, its problems and what importing it would do. */
export interface BulkPreviewRow extends BulkRow {
  plan: 'create' | 'update' | 'unchanged' | 'invalid';
}

export interface BulkPreview {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  invalid: number;
  /** The first rows, then every further invalid row. */
  rows: BulkPreviewRow[];
  /** Why the import would be refused: its new Q&A would take the app past its tier's intent limit (null: within it). */
  tierLimit: string | null;
}

/** What importing an agent zip would do to one intent or entity type of the draft (matched by name, case-insensitive). */
export interface AgentPreviewItem {
  type: 'intent' | 'entityType';
  name: string;
  status: 'new' | 'changed' | 'unchanged';
  /** For a changed one, what changes ("2 phrases added", "responses changed"…); empty otherwise. */
  changes: string[];
}

export interface AgentPreviewTotals {
  new: number;
  changed: number;
  unchanged: number;
}

/** POST …/import/preview: the uploaded agent compared with the draft; nothing is written. */
export interface AgentImportPreview {
  fileName: string;
  /** The agent's own name (agent.json displayName). */
  agentName: string;
  intents: AgentPreviewTotals;
  entityTypes: AgentPreviewTotals;
  /** Intents first, then entity types; each in the file's order. */
  items: AgentPreviewItem[];
  /** Why the import would be refused: its new intents would take the app past its tier's limit (null: within it). */
  tierLimit: string | null;
  /**
   * A hash of the file's content and of the draft's intents and entity types it names: sent back with the
   * import, it confirms overwriting what this preview showed, and the import is refused (409) if either changed.
   */
  previewToken: string;
}

/** A PDF read for the Q&A generator: its text laid out as Markdown-like lines, and the pairs found in it. */
export interface GeneratorDocument {
  pages: number;
  text: string;
  candidates: Candidate[];
}

export type { KnowledgeSnapshot };
