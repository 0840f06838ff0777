const app = (appId: string, tail: string) => `/api/v1/apps/${encodeURIComponent(appId)}/analytics/${tail}`;

/** The analytics API: one report per page, each for a date range (§9) and optional channel/environment. */
export const AnalyticsApi = {
  dashboard: (appId: string) => app(appId, 'dashboard'),
  sessions: (appId: string) => app(appId, 'sessions'),
  csat: (appId: string) => app(appId, 'csat'),
  intents: (appId: string) => app(appId, 'intents'),
  intentTranscripts: (appId: string) => app(appId, 'intents/transcripts'),
  intentPoints: (appId: string) => app(appId, 'intents/points'),
  superbot: (appId: string) => app(appId, 'superbot'),
  botSummary: (appId: string) => app(appId, 'bot-summary'),
  dashboardRoute: '/api/v1/apps/:appId/analytics/dashboard',
  sessionsRoute: '/api/v1/apps/:appId/analytics/sessions',
  csatRoute: '/api/v1/apps/:appId/analytics/csat',
  intentsRoute: '/api/v1/apps/:appId/analytics/intents',
  intentTranscriptsRoute: '/api/v1/apps/:appId/analytics/intents/transcripts',
  intentPointsRoute: '/api/v1/apps/:appId/analytics/intents/points',
  superbotRoute: '/api/v1/apps/:appId/analytics/superbot',
  botSummaryRoute: '/api/v1/apps/:appId/analytics/bot-summary',
  /** §7: the console posts one event per use of a feature. */
  featureUsages: '/api/v1/feature-usages',
  /** Platform admins: the feature-usage events across apps. */
  featureAnalytics: '/api/v1/admin/feature-analytics',
} as const;

/** The range a report covers, as the server resolved it (days in the deployment's time zone). */
export interface RangeInfo {
  from: string;
  to: string;
  days: number;
  timeZone: string;
  previous: { from: string; to: string };
}

interface Report {
  range: RangeInfo;
  /** Channels the app has data for (the channel filter's choices). */
  channels: string[];
}

export type KpiFormat = 'count' | 'percent' | 'rating' | 'decimal';
export interface Kpi {
  key: 'sessions' | 'users' | 'messages' | 'messagesPerSession' | 'fallbackRate' | 'containment' | 'csat' | 'thumbsDown';
  label: string;
  value: number | null;
  previous: number | null;
  /** value / previous − 1; null when either is missing or previous is 0. */
  change: number | null;
  format: KpiFormat;
}

export interface DailyPoint {
  day: string;
  sessions: number;
  users: number;
  messages: number;
  fallbacks: number;
  csatCount: number;
  csatAverage: number | null;
}

export interface DashboardReport extends Report {
  kpis: Kpi[];
  daily: DailyPoint[];
}

export interface SessionsReport extends Report {
  daily: DailyPoint[];
  /** Messages by local weekday (0 Sunday) and hour: heatmap[weekday][hour]. */
  heatmap: number[][];
  byChannel: Array<{ channel: string; sessions: number; messages: number }>;
  /** Sessions by their number of turns. */
  lengths: Array<{ bucket: string; sessions: number }>;
}

export interface CsatReport extends Report {
  distribution: Array<{ rating: number; count: number }>;
  average: number | null;
  trend: Array<{ day: string; count: number; average: number | null }>;
  comments: Array<{ sessionId: string; rating: number | null; comment: string; createdAt: string; channel: string }>;
  /** Answers (intents) with the most thumbs down. */
  worstRated: Array<{ intentName: string; thumbsDown: number; thumbsUp: number; turns: number }>;
}

export interface IntentStat {
  intentName: string;
  turns: number;
  fallbacks: number;
  thumbsUp: number;
  thumbsDown: number;
  averageConfidence: number;
}

export interface IntentsReport extends Report {
  top: IntentStat[];
  fallbackTrend: Array<{ day: string; turns: number; fallbacks: number; rate: number | null }>;
  /** Turns by confidence, in tenths (0–0.1 … 0.9–1). */
  confidence: Array<{ bin: string; count: number }>;
}

/** The most points a confidence point cloud carries (scattergl paints 100,000 in well under a second). */
export const POINT_CLOUD_CAP = 100_000;

/**
 * Each turn of the range as a point (time, confidence, fallback), in time order, as typed columns: the
 * arrays are parallel, one entry a point. Above POINT_CLOUD_CAP turns, every `step`-th turn in time
 * order (a systematic sample over the whole range). The route sends it packed (PackedConfidencePoints);
 * `decodeConfidencePoints` (point-cloud-codec.ts) makes these columns.
 */
export interface ConfidencePoints extends ConfidencePointsInfo {
  /** Whole seconds after `start`. */
  seconds: Uint32Array;
  /** 0–1, to three decimals. */
  confidence: Float64Array;
  /** 1 for a fallback, 0 for an answer. */
  fallback: Uint8Array;
}

/** What a point cloud says beside its points. */
export interface ConfidencePointsInfo {
  range: RangeInfo;
  /** The range as instants (ISO): its first millisecond and the first one after it. */
  start: string;
  end: string;
  /** Turns in the range and filters. */
  total: number;
  cap: number;
  /** 1 when every turn is a point; k when every k-th is. */
  step: number;
}

/**
 * The points route's answer: 100,000 points as JSON numbers were 1.5 MB and a number to parse each;
 * packed they are 800 KB of base64 read straight into typed arrays (point-cloud-codec.ts).
 */
export interface PackedConfidencePoints extends ConfidencePointsInfo {
  /** Points carried. */
  count: number;
  /** base64 of `count` uint32 little-endian seconds after `start`, then `count` uint16 little-endian (confidence thousandths << 1 | fallback). */
  points: string;
}

export interface TranscriptRow {
  id: string;
  createdAt: string;
  text: string;
  intentName: string;
  confidence: number;
  fallback: boolean;
  thumbsUp: boolean;
  thumbsDown: boolean;
  channel: string;
}
export interface IntentTranscriptsPage {
  items: TranscriptRow[];
  total: number;
}

export interface SuperbotReport extends Report {
  isSuperbot: boolean;
  linkedAppIds: string[];
  routing: Array<{ appId: string; turns: number; fallbacks: number; thumbsDown: number }>;
  /** Turns routed to no app that could answer (fallback) or rated down, newest first. */
  misroutes: Array<TranscriptRow & { routedTo: string; reason: 'fallback' | 'thumbsDown' }>;
}

export interface VersionEffect {
  version: string;
  firstSeen: string;
  lastSeen: string;
  turns: number;
  fallbackRate: number;
  thumbsDownRate: number;
  /** Fallback rate minus the previous version's (negative is better). */
  fallbackChange: number | null;
}

export interface BotSummaryReport extends Report {
  sessions: number;
  messages: number;
  containment: number | null;
  fallbackRate: number | null;
  csatAverage: number | null;
  csatCount: number;
  busiestHours: Array<{ weekday: number; hour: number; messages: number }>;
  versions: VersionEffect[];
}

export interface FeatureAnalyticsReport {
  range: RangeInfo;
  total: number;
  features: Array<{ feature: string; module: string; events: number; users: number; apps: number }>;
  daily: Array<{ day: string; events: number }>;
  apps: Array<{ appId: string; events: number }>;
}

export const ReportsApi = {
  schedule: (appId: string) => app(appId, 'report-schedule'),
  sendNow: (appId: string) => app(appId, 'report-schedule/send'),
  botSummaryExport: (appId: string) => app(appId, 'bot-summary/export'),
  scheduleRoute: '/api/v1/apps/:appId/analytics/report-schedule',
  sendNowRoute: '/api/v1/apps/:appId/analytics/report-schedule/send',
  botSummaryExportRoute: '/api/v1/apps/:appId/analytics/bot-summary/export',
} as const;

export type ReportFrequency = 'weekly' | 'monthly';
export type ReportFormat = 'pdf' | 'csv';

export interface ReportSchedule {
  frequency: ReportFrequency;
  format: ReportFormat;
  recipients: string[];
  enabled: boolean;
  lastSentAt: string | null;
  updatedBy: string;
  updatedAt: string;
}

/** GET report-schedule: the schedule (null before the first save) and the members who may receive it. */
export interface ReportScheduleView {
  schedule: ReportSchedule | null;
  members: Array<{ email: string; name: string }>;
}
