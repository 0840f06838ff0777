import { count, eq, type DbExecutor } from '@civic/sdk/server';
import { type ResponseMessage, DEFAULT_PLATFORM } from '../../knowledge-base/contract/common/responses/index';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { chatSessions, transcripts } from './db/schema';
import { seededRandom } from '@civic/sdk/server/random';

/**
 * The shared demo conversations: 60 days of citizen chats (ending before today) on the demo apps with a knowledge base, so
 * the training inbox, its badge and analytics have something real to show on first start. Matched,
 * low-confidence and unmatched questions, thumbs up and down, CSAT on some sessions, a few channels
 * and both environments. Deterministic (a seeded generator, times relative to `now`) and small
 * (about 600 turns an app) so start-up stays fast. Analytics reads the same rows: keep the shapes.
 */
export const DEMO_CONVERSATION_DAYS = 60;
const SESSIONS_PER_DAY = 4;
const APPS = ['demo-enterprise', 'demo-plus', 'demo-starter', 'demo-internal'] as const;
const CHANNELS = ['PLATFORM_UNSPECIFIED', 'PLATFORM_UNSPECIFIED', 'PLATFORM_UNSPECIFIED', 'TELEGRAM', 'WHATSAPP'] as const;
const THRESHOLD = 0.3;

/** Ways citizens ask what the demo intents answer (by intent name). */
const MATCHED: Record<string, string[]> = {
  'Renew passport': ['how do i renew my passport', 'passport renewal', 'renew passport online', 'my passport is expiring soon', 'can I renew my passport on my phone'],
  'Report a lost identity card': ['I lost my IC', 'lost my identity card yesterday', 'how to report lost NRIC', 'my wallet with my IC was stolen'],
  'Book a vaccination appointment': ['book flu vaccination', 'vaccination slot near tampines', 'I want to book a jab', 'where can I get vaccinated'],
  'Pay a parking fine': ['pay parking fine', 'how to pay my parking ticket', 'I got a summons for parking', 'parking fine payment'],
  'Change of address': ['I moved house', 'update my address', 'how to change address on IC', 'change of address online'],
  'Apply for a senior citizen concession card': ['senior concession card for my mother', 'apply concession card', 'concession card for elderly'],
  'Talk to an officer': ['talk to a human', 'can I speak to an officer', 'live agent please', 'I want a real person'],
  'What documents do I need for a passport?': ['what documents for passport', 'what to bring for passport renewal', 'passport photo requirements'],
  'How long does a passport renewal take?': ['how long does passport take', 'when will my passport be ready', 'passport processing time'],
  'What are your opening hours?': ['opening hours', 'are you open on saturday', 'what time do you close'],
  'Can I pay fines with a credit card?': ['can I pay fine by credit card', 'payment methods for summons'],
};

/**
 * Questions the demo knowledge base cannot answer: themes a training-by-clusters run should find
 * (retirement savings, baby bonus, housing, driving licence, tax), and a few with personal data the
 * inbox masks (emails, phone numbers, national ID numbers).
 */
const UNMATCHED: string[] = [
  'how do I withdraw my retirement savings', 'when can I withdraw CPF at 55', 'retirement account withdrawal age', 'can I take out my retirement savings early',
  'how to apply for baby bonus', 'baby bonus cash gift amount', 'when is the baby bonus paid', 'baby bonus for second child',
  'how to apply for a HDB flat', 'BTO application dates', 'resale flat grant eligibility', 'how long is the waiting time for a flat',
  'how to convert foreign driving licence', 'renew driving licence', 'driving licence theory test booking', 'lost my driving licence what to do',
  'when is income tax due', 'how to file my tax return', 'tax relief for parents', 'can I pay income tax by instalments',
  'my email is tan.ah.kow@example.com please call me back', 'call me at 9123 4567 about my fine', 'my NRIC is S1234567D why was I fined', 'contact me on +65 8765 4321 or jane.lim@example.org',
  'asdfgh', 'hello??', 'is this a robot', 'what is the weather today',
];

const NO_ANSWER: ResponseMessage[] = [{ type: 'text', text: ["Sorry, I didn't get that. Could you say it another way?"] }];
const CSAT_COMMENTS = ['Very helpful, thank you', 'Quick answer', 'Could not find what I needed', 'The bot did not understand me', 'Good', null, null, null];

type TurnRow = typeof transcripts.$inferInsert;
type SessionRow = typeof chatSessions.$inferInsert;

/** Seeds the demo conversations on apps that have none yet (re-running adds nothing), about the intents of their drafts. */
export async function seedDemoConversations(db: DbExecutor, appIds: readonly string[], now: Date, drafts: KnowledgeSnapshots): Promise<void> {
  const names = Object.keys(MATCHED);
  for (const [index, appId] of APPS.entries()) {
    if (!appIds.includes(appId)) continue;
    const [existing] = await db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.appId, appId));
    if ((existing?.n ?? 0) > 0) continue;
    const { intents } = await drafts.readDraft(db, appId);
    // Intents before Q&A pairs, each by name: the order the seed has always drawn them in.
    const known = intents
      .filter((intent) => intent.defaultKind === null && names.includes(intent.displayName))
      .map((intent) => ({ id: intent.id, name: intent.displayName, responses: intent.responses, key: `${intent.kind}\u0000${intent.displayName}` }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (known.length === 0) continue;
    const { sessions, turns } = conversationsFor(appId, known, now, seededRandom(1000 + index));
    for (let i = 0; i < sessions.length; i += 500) await db.insert(chatSessions).values(sessions.slice(i, i + 500));
    for (let i = 0; i < turns.length; i += 500) await db.insert(transcripts).values(turns.slice(i, i + 500));
  }
}

interface KnownIntent {
  id: string;
  name: string;
  responses: Array<{ platform: string; messages: ResponseMessage[] }>;
}

/** The sessions and turns of one app (pure: the same input gives the same rows, ids included). */
export function conversationsFor(appId: string, known: readonly KnownIntent[], now: Date, random: () => number): { sessions: SessionRow[]; turns: TurnRow[] } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sessions: SessionRow[] = [];
  const turns: TurnRow[] = [];
  const day = 24 * 60 * 60_000;
  // The 60 days end more than a day ago, so before today begins in any time zone: the §9 ranges, which
  // end yesterday, are full on first start, and "today" holds only what really happens today.
  for (let d = DEMO_CONVERSATION_DAYS; d >= 1; d--) {
    const weekday = new Date(now.getTime() - d * day).getUTCDay();
    const perDay = weekday === 0 || weekday === 6 ? SESSIONS_PER_DAY - 2 : SESSIONS_PER_DAY + Math.floor(random() * 2);
    for (let s = 0; s < perDay; s++) {
      const start = new Date(now.getTime() - d * day - Math.floor(random() * (day - 60 * 60_000)) - 60 * 60_000);
      if (start.getTime() > now.getTime()) continue;
      const sessionId = uuidFrom(random);
      const environment = random() < 0.9 ? 'production' : 'draft';
      const channel = environment === 'draft' ? DEFAULT_PLATFORM : pick(CHANNELS);
      const rated = random() < 0.3;
      const rating = rated ? Math.min(5, Math.max(1, Math.round(3.6 + (random() - 0.5) * 4))) : null;
      const turnCount = 1 + Math.floor(random() * 4);
      let at = start.getTime();
      for (let t = 0; t < turnCount; t++) {
        at += 20_000 + Math.floor(random() * 90_000);
        const kind = random();
        let row: Pick<TurnRow, 'data' | 'reply' | 'confidenceScore' | 'intentId' | 'intentName' | 'fallback' | 'topMatches'>;
        if (kind < 0.68) {
          const intent = pick(known);
          const low = kind > 0.58;
          const confidence = low ? THRESHOLD + random() * 0.1 : 0.55 + random() * 0.44;
          const other = pick(known);
          row = {
            data: pick(MATCHED[intent.name] ?? [intent.name]),
            reply: intent.responses.find((r) => r.platform === DEFAULT_PLATFORM)?.messages ?? [],
            confidenceScore: round(confidence),
            intentId: intent.id,
            intentName: intent.name,
            fallback: false,
            topMatches: [
              { intentId: intent.id, intentName: intent.name, score: round(confidence) },
              ...(other.id === intent.id ? [] : [{ intentId: other.id, intentName: other.name, score: round(confidence * random() * 0.6) }]),
            ],
          };
        } else {
          const near = pick(known);
          const confidence = random() * THRESHOLD * 0.9;
          row = {
            data: pick(UNMATCHED),
            reply: NO_ANSWER,
            confidenceScore: round(confidence),
            intentId: null,
            intentName: null,
            fallback: true,
            topMatches: [{ intentId: near.id, intentName: near.name, score: round(confidence) }],
          };
        }
        const feedback = random();
        const thumbsDown = row.fallback ? feedback < 0.15 : feedback < 0.06;
        const thumbsUp = !thumbsDown && !row.fallback && feedback > 0.75;
        const lowConfidence = !row.fallback && row.confidenceScore < THRESHOLD + 0.1;
        // Older questions have mostly been looked at already; the last weeks are still to review.
        const reviewed = d > 21 && random() < 0.7;
        const pending = row.fallback || lowConfidence || thumbsDown;
        const reviewStatus = pending ? (reviewed ? pick(['REVIEWED', 'REVIEWED', 'DISMISSED'] as const) : 'PENDING') : '';
        const createdAt = new Date(Math.min(at, now.getTime()));
        turns.push({
          id: uuidFrom(random),
          appId,
          sessionId,
          environment,
          channel,
          ...row,
          transAuthor: 'user',
          contentVersion: environment === 'draft' ? 'draft' : '1',
          contentHash: 'demo',
          thumbsUp,
          thumbsDown,
          reviewStatus,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const end = new Date(Math.min(at, now.getTime()));
      sessions.push({
        id: sessionId,
        appId,
        environment,
        channel,
        userId: null,
        state: { contexts: [], pending: null },
        csatRating: rating,
        csatComment: rated ? pick(CSAT_COMMENTS) : null,
        createdAt: start,
        updatedAt: end,
        expiresAt: new Date(end.getTime() + 30 * 60_000),
      });
    }
  }
  return { sessions, turns };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A version-4-shaped UUID from the seeded generator, so demo rows keep their ids between runs. */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
