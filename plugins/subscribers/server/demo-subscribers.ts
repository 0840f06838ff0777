import { createHash, type DbExecutor } from '@civic/sdk/server';
import type { DemoSeed } from '@civic/sdk/server';
import type { Channel } from '../common/api';
import { appSubscribers } from './db/schema';

const FIRST = ['jane', 'wei.ming', 'siti', 'arjun', 'mei.ling', 'ahmad', 'priya', 'kenneth', 'nur.aisyah', 'daniel', 'hui.min', 'ravi', 'farah', 'jun.jie', 'lakshmi', 'marcus', 'shu.fen', 'hafiz', 'grace', 'vikram'];
const DOMAINS = ['gmail.com', 'yahoo.com.sg', 'hotmail.com', 'outlook.com', 'singnet.com.sg'];
const TOPICS = [['service-disruption'], ['deadlines'], ['service-disruption', 'deadlines'], ['new-services'], ['deadlines', 'renewals'], ['service-disruption', 'new-services']];
const SOURCES: Record<Channel, string[]> = { WEB_CHAT: ['widget', 'sharing-page'], TELEGRAM: ['telegram-bot'], WHATSAPP: ['whatsapp-bot'] };
const DAY = 86_400_000;
export const DEMO_SUBSCRIBERS_PER_APP = 40;

/** The contact of demo subscriber `i`: deterministic, plainly fictitious, one of each channel's shapes. */
function contactOf(channel: Channel, i: number): string {
  if (channel === 'WEB_CHAT') return `${FIRST[i % FIRST.length]}${i}@${DOMAINS[Math.floor(i / 5) % DOMAINS.length]}`;
  if (channel === 'TELEGRAM') return String(510_000_000 + i * 7_919);
  return `+659${String(1_000_000 + i * 3_571).padStart(7, '0')}`;
}

/**
 * About 40 subscribers for each demo app of the profile's subscriberAppIds: mostly web chat, some
 * Telegram and WhatsApp, one in six unsubscribed, opted in over the last 90 days. Idempotent.
 */
export async function seedDemoSubscribers(tx: DbExecutor, demo: DemoSeed): Promise<void> {
  const appIds = demo.appIds.filter((id) => demo.subscriberAppIds.includes(id));
  for (const appId of appIds) {
    const rows = Array.from({ length: DEMO_SUBSCRIBERS_PER_APP }, (_, i) => {
      const channel: Channel = i % 5 === 3 ? 'TELEGRAM' : i % 5 === 4 ? 'WHATSAPP' : 'WEB_CHAT';
      const createdAt = new Date(demo.now.getTime() - (DEMO_SUBSCRIBERS_PER_APP - i) * 2.2 * DAY);
      const unsubscribed = i % 6 === 5;
      const unsubscribedAt = unsubscribed ? new Date(createdAt.getTime() + 3 * DAY) : null;
      return {
        appId,
        channel,
        contact: contactOf(channel, i),
        topics: TOPICS[i % TOPICS.length],
        consentVersion: i < 12 ? '2025-01' : '2025-07',
        consentedAt: createdAt,
        source: SOURCES[channel][i % SOURCES[channel].length],
        status: unsubscribed ? 'UNSUBSCRIBED' : 'ACTIVE',
        // Demo rows get a token no one holds (the hash of a value that is never handed out).
        unsubscribeTokenHash: createHash('sha256').update(`demo:${appId}:${i}:${demo.now.getTime()}`).digest('hex'),
        createdAt,
        updatedAt: unsubscribedAt ?? createdAt,
        unsubscribedAt,
      };
    });
    await tx.insert(appSubscribers).values(rows).onConflictDoNothing();
  }
}
