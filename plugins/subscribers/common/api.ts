const base = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/subscribers`;
const chat = (appId: string) => `/api/v1/chat/${encodeURIComponent(appId)}/subscriptions`;

/** The channels a citizen can subscribe on, and what their contact is. */
export const CHANNELS = ['WEB_CHAT', 'TELEGRAM', 'WHATSAPP'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { WEB_CHAT: 'Web chat (e-mail)', TELEGRAM: 'Telegram', WHATSAPP: 'WhatsApp' };

export const STATUSES = ['ACTIVE', 'UNSUBSCRIBED'] as const;
export type SubscriberStatus = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<SubscriberStatus, string> = { ACTIVE: 'Active', UNSUBSCRIBED: 'Unsubscribed' };

export const SubscribersApi = {
  list: base,
  listRoute: '/api/v1/apps/:appId/subscribers',
  summary: (appId: string) => `${base(appId)}/summary`,
  summaryRoute: '/api/v1/apps/:appId/subscribers/summary',
  export: (appId: string) => `${base(appId)}/export`,
  exportRoute: '/api/v1/apps/:appId/subscribers/export',
  one: (appId: string, id: string) => `${base(appId)}/${encodeURIComponent(id)}`,
  oneRoute: '/api/v1/apps/:appId/subscribers/:subscriberId',
  reveal: (appId: string, id: string) => `${base(appId)}/${encodeURIComponent(id)}/reveal`,
  revealRoute: '/api/v1/apps/:appId/subscribers/:subscriberId/reveal',
  /** Public (the widget and channel adaptors): opt in. */
  optIn: chat,
  optInRoute: '/api/v1/chat/:appId/subscriptions',
  /** Public: the unsubscribe link's token (GET reads, POST unsubscribes). */
  unsubscribe: (appId: string, token: string) => `${chat(appId)}/unsubscribe/${encodeURIComponent(token)}`,
  unsubscribeRoute: '/api/v1/chat/:appId/subscriptions/unsubscribe/:token',
} as const;

/** One row of the subscriber table; `contact` is masked (j***@agency.gov.sg, +65 ****1234). */
export interface SubscriberRow {
  id: string;
  channel: Channel;
  contact: string;
  topics: string[];
  consentVersion: string;
  consentedAt: string;
  source: string;
  status: SubscriberStatus;
  createdAt: string;
  updatedAt: string;
  unsubscribedAt: string | null;
}

/** GET …/subscribers: newest first, keyset pages (`next` is the cursor of the page after, null at the end). */
export interface SubscriberPage {
  items: SubscriberRow[];
  next: string | null;
}

/** GET …/subscribers/summary */
export interface SubscriberSummary {
  active: number;
  unsubscribed: number;
  /** Active subscribers per channel. */
  byChannel: Record<Channel, number>;
}

/** POST …/subscribers/:id/reveal (audited) */
export interface RevealedContact {
  id: string;
  contact: string;
}

/** POST /api/v1/chat/:appId/subscriptions: 201 for a new subscriber, 200 when the contact was already there (topics updated). */
export interface OptInResult {
  status: SubscriberStatus;
  topics: string[];
  /** Give it to the citizen: it unsubscribes (POST) without signing in. A new one at every opt-in. */
  unsubscribeToken: string;
  created: boolean;
}

/** GET/POST …/subscriptions/unsubscribe/:token */
export interface UnsubscribeResult {
  status: SubscriberStatus;
  channel: Channel;
  contact: string;
}
