import { and, eq, isNotNull, type DbExecutor } from '@civic/sdk/server';
import { intents } from './db/schema';
import { DefaultIntentNames, WELCOME_EVENT, type DefaultIntentKind } from '../contract/common/knowledge/index';
import { DEFAULT_PLATFORM, type ChannelResponses } from '../contract/common/responses/index';
import { normalisePhrases } from '../common/normalise';
import { writePhrases } from './intent-store';

const text = (...lines: string[]): ChannelResponses[] => [
  { platform: DEFAULT_PLATFORM, enable_default_response: true, messages: [{ type: 'text', text: lines }] },
];
const phrases = (...lines: string[]) => normalisePhrases(lines.map((line) => ({ type: 'example' as const, parts: [{ text: line }] })));

const DEFAULTS: Record<DefaultIntentKind, { action: string; events: string[]; phrases: string[]; responses: ChannelResponses[] }> = {
  welcome: {
    action: 'input.welcome',
    events: [WELCOME_EVENT],
    phrases: ['hi', 'hello', 'good morning', 'hey there'],
    responses: text('Hello! How can I help you today?'),
  },
  fallback: {
    action: 'input.unknown',
    events: [],
    phrases: [],
    responses: text("Sorry, I didn't get that. Could you say it another way?", 'I am not sure I understood. Could you rephrase your question?'),
  },
};

/**
 * Gives the app "Default Welcome Intent" and "Default Fallback Intent" (§3) unless it has them (by
 * their default kind, or an intent already using the name). Runs in the caller's transaction.
 */
export async function ensureDefaultIntents(db: DbExecutor, appId: string, now: Date): Promise<void> {
  const existing = await db
    .select({ defaultKind: intents.defaultKind, name: intents.displayName })
    .from(intents)
    .where(and(eq(intents.appId, appId), isNotNull(intents.defaultKind)));
  const have = new Set(existing.map((row) => row.defaultKind));
  for (const kind of ['welcome', 'fallback'] as const) {
    if (have.has(kind)) continue;
    const spec = DEFAULTS[kind];
    const inserted = await db
      .insert(intents)
      .values({ appId, kind: 'intent', displayName: DefaultIntentNames[kind], defaultKind: kind, action: spec.action, events: spec.events, responses: spec.responses, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: intents.id });
    if (inserted[0]) await writePhrases(db, appId, inserted[0].id, phrases(...spec.phrases), false);
  }
}
