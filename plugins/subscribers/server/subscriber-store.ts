import { and, count, createHash, desc, eq, HttpError, ilike, lt, or, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import { SubscribersMessages } from '../common/messages';
import { CHANNELS, type Channel, type SubscriberRow, type SubscriberStatus, type SubscriberSummary } from '../common/api';
import { maskContact } from '../common/mask-contact';
import type { SubscriberFilterDto } from '../common/subscribers-query.dto';
import { appSubscribers } from './db/schema';

export type SubscriberRecord = typeof appSubscribers.$inferSelect;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The contact as it is stored and compared: an e-mail lower-cased, others trimmed. */
export const normaliseContact = (channel: Channel, contact: string): string => (channel === 'WEB_CHAT' ? contact.trim().toLowerCase() : contact.trim());

export function toRow(record: SubscriberRecord, reveal = false): SubscriberRow {
  const channel = record.channel as Channel;
  return {
    id: record.id,
    channel,
    contact: reveal ? record.contact : maskContact(channel, record.contact),
    topics: record.topics,
    consentVersion: record.consentVersion,
    consentedAt: record.consentedAt.toISOString(),
    source: record.source,
    status: record.status as SubscriberStatus,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    unsubscribedAt: record.unsubscribedAt?.toISOString() ?? null,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a filter: the app, then the contact (part of it) or a topic (its start), channel and status. */
export function filterWhere(appId: string, filter: SubscriberFilterDto): SQL {
  const parts: SQL[] = [eq(appSubscribers.appId, appId)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const topic = `${escapeLike(search.toLowerCase())}%`;
    parts.push(or(ilike(appSubscribers.contact, pattern), sql`exists (select 1 from unnest(${appSubscribers.topics}) as topic where lower(topic) like ${topic})`) as SQL);
  }
  if (filter.channel) parts.push(eq(appSubscribers.channel, filter.channel));
  if (filter.status) parts.push(eq(appSubscribers.status, filter.status));
  return and(...parts) as SQL;
}

/** Cursor of the row after which the next page starts: `<created ISO>_<id>`. */
export const cursorOf = (record: SubscriberRecord): string => `${record.createdAt.toISOString()}_${record.id}`;

/** One keyset page, newest first (created time, then id, so equal times page without gaps). */
export async function listPage(db: DbExecutor, appId: string, filter: SubscriberFilterDto, pageSize: number, after?: string): Promise<{ records: SubscriberRecord[]; next: string | null }> {
  let where = filterWhere(appId, filter);
  if (after) {
    const [at, id] = after.split('_');
    const time = new Date(at);
    // The DTO checks the shape; a date that does not exist (Feb 31) is refused here, not by the database.
    if (Number.isNaN(time.getTime()) || time.toISOString() !== at) throw HttpError.invalid([SubscribersMessages.cursorInvalid], { after: [SubscribersMessages.cursorInvalid] });
    where = and(where, or(lt(appSubscribers.createdAt, time), and(eq(appSubscribers.createdAt, time), lt(appSubscribers.id, id)))) as SQL;
  }
  const rows = await db.select().from(appSubscribers).where(where).orderBy(desc(appSubscribers.createdAt), desc(appSubscribers.id)).limit(pageSize + 1);
  const records = rows.slice(0, pageSize);
  return { records, next: rows.length > pageSize ? cursorOf(records[records.length - 1]) : null };
}

export async function summary(db: DbExecutor, appId: string): Promise<SubscriberSummary> {
  const rows = await db
    .select({ status: appSubscribers.status, channel: appSubscribers.channel, n: count() })
    .from(appSubscribers)
    .where(eq(appSubscribers.appId, appId))
    .groupBy(appSubscribers.status, appSubscribers.channel);
  const result: SubscriberSummary = { active: 0, unsubscribed: 0, byChannel: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number> };
  for (const row of rows) {
    if (row.status === 'ACTIVE') {
      result.active += row.n;
      if (row.channel in result.byChannel) result.byChannel[row.channel as Channel] += row.n;
    } else result.unsubscribed += row.n;
  }
  return result;
}

export async function findOne(db: DbExecutor, appId: string, id: string): Promise<SubscriberRecord | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(appSubscribers).where(and(eq(appSubscribers.appId, appId), eq(appSubscribers.id, id)));
  return row;
}

/** Idempotent: an unsubscribed row stays as it was (its first unsubscribe time kept). */
export async function unsubscribe(db: DbExecutor, record: SubscriberRecord, now: Date): Promise<SubscriberRecord> {
  if (record.status === 'UNSUBSCRIBED') return record;
  const [row] = await db.update(appSubscribers).set({ status: 'UNSUBSCRIBED', unsubscribedAt: now, updatedAt: now }).where(eq(appSubscribers.id, record.id)).returning();
  return row;
}

export interface OptIn {
  channel: Channel;
  contact: string;
  topics: string[];
  consentVersion: string;
  source: string;
  tokenHash: string;
}

/**
 * A new subscriber, or the same contact and channel again: its topics, consent and token are
 * replaced and it is active again (one row per contact and channel, whatever the race).
 */
export async function upsertOptIn(db: DbExecutor, appId: string, input: OptIn, now: Date): Promise<{ record: SubscriberRecord; created: boolean }> {
  const contact = normaliseContact(input.channel, input.contact);
  const topics = [...new Set(input.topics.map((t) => t.toLowerCase()))];
  const [row] = await db
    .insert(appSubscribers)
    .values({ appId, channel: input.channel, contact, topics, consentVersion: input.consentVersion, consentedAt: now, source: input.source, status: 'ACTIVE', unsubscribeTokenHash: input.tokenHash, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [appSubscribers.appId, appSubscribers.channel, appSubscribers.contact],
      set: { topics, consentVersion: input.consentVersion, consentedAt: now, source: input.source, status: 'ACTIVE', unsubscribedAt: null, unsubscribeTokenHash: input.tokenHash, updatedAt: now },
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ id: appSubscribers.id, inserted: sql<boolean>`(xmax = 0)` });
  const [record] = await db.select().from(appSubscribers).where(eq(appSubscribers.id, row.id));
  return { record, created: row.inserted };
}

export async function findByToken(db: DbExecutor, appId: string, token: string): Promise<SubscriberRecord | undefined> {
  const [row] = await db.select().from(appSubscribers).where(and(eq(appSubscribers.appId, appId), eq(appSubscribers.unsubscribeTokenHash, tokenHash(token))));
  return row;
}
