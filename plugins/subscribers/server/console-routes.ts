import { HttpError, type HandlerContext, type RouteAdder } from '@civic/sdk/server';
import { csvLine } from '@civic/sdk/common/csv';
import { CHANNEL_LABELS, STATUS_LABELS, SubscribersApi, type RevealedContact, type SubscriberPage, type SubscriberRow, type SubscriberSummary } from '../common/api';
import { canManageSubscribers, canViewSubscribers } from '../common/permissions';
import { SubscriberFilterDto, SubscribersQueryDto } from '../common/subscribers-query.dto';
import { filterWhere, findOne, listPage, summary, toRow, unsubscribe } from './subscriber-store';
import { appSubscribers } from './db/schema';
import { desc } from '@civic/sdk/server';

/** The default and the most rows one page holds. */
export const PAGE_SIZE = 50;
/** The most rows one export writes (the newest first); the export says so in its last line when it stopped. */
export const EXPORT_MAX_ROWS = 50_000;

/** Every route of this plugin answers 404 for an app the profile does not list (§6 "two specific apps"). */
export function requireSubscriberApp(ctx: Pick<HandlerContext, 'access'> & { app: { appId: string } }): void {
  if (!ctx.access.subscriberAppIds.includes(ctx.app.appId)) throw HttpError.notFound();
}

const found = async (ctx: HandlerContext<unknown, unknown, 'session', 'appId'>) => {
  requireSubscriberApp(ctx);
  const record = await findOne(ctx.db, ctx.app.appId, ctx.params.subscriberId);
  if (!record) throw HttpError.notFound();
  return record;
};

const EXPORT_HEADER = ['Channel', 'Contact', 'Topics', 'Status', 'Consent version', 'Consented at', 'Source', 'Subscribed at', 'Unsubscribed at'];

/** The console's routes: the list (masked), totals, the audited reveal, remove (unsubscribe) and the export. */
export function registerConsoleRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'GET',
    url: SubscribersApi.listRoute,
    app: 'appId',
    access: canViewSubscribers,
    query: SubscribersQueryDto,
    description: 'The subscribers of the app, newest first, contacts masked; search (contact or topic), channel and status filters; keyset pages (`after` = the previous `next`)',
    handler: async (ctx): Promise<SubscriberPage> => {
      requireSubscriberApp(ctx);
      const page = await listPage(ctx.db, ctx.app.appId, ctx.query, ctx.query.pageSize ?? PAGE_SIZE, ctx.query.after);
      return { items: page.records.map((r) => toRow(r)), next: page.next };
    },
  });

  routes.add({
    method: 'GET',
    url: SubscribersApi.summaryRoute,
    app: 'appId',
    access: canViewSubscribers,
    description: 'Totals: active, unsubscribed, active per channel',
    handler: async (ctx): Promise<SubscriberSummary> => {
      requireSubscriberApp(ctx);
      return summary(ctx.db, ctx.app.appId);
    },
  });

  routes.add({
    method: 'POST',
    url: SubscribersApi.revealRoute,
    app: 'appId',
    access: canManageSubscribers,
    audit: { action: 'subscribers.reveal', target: (ctx) => ctx.params.subscriberId, summary: (ctx) => `revealed a subscriber's contact on ${ctx.app.appId}` },
    description: "An app admin reads a subscriber's contact unmasked; every reveal is audited",
    handler: async (ctx): Promise<RevealedContact> => {
      const record = await found(ctx);
      return { id: record.id, contact: record.contact };
    },
  });

  routes.add({
    method: 'DELETE',
    url: SubscribersApi.oneRoute,
    app: 'appId',
    access: canManageSubscribers,
    audit: {
      action: 'subscribers.remove',
      target: (ctx) => ctx.params.subscriberId,
      summary: (ctx, row: SubscriberRow) => `unsubscribed ${row.contact} (${CHANNEL_LABELS[row.channel]}) from ${ctx.app.appId}`,
    },
    description: 'Unsubscribes one subscriber (kept as UNSUBSCRIBED with the time, so consent history stays); idempotent',
    handler: async (ctx): Promise<SubscriberRow> => toRow(await unsubscribe(ctx.db, await found(ctx), ctx.now)),
  });

  routes.add({
    method: 'POST',
    url: SubscribersApi.exportRoute,
    app: 'appId',
    access: canManageSubscribers,
    query: SubscriberFilterDto,
    download: true,
    audit: {
      action: 'subscribers.export',
      summary: (ctx) => `exported the subscribers of ${ctx.app.appId}${describeFilter(ctx.query)}`,
      details: (ctx) => ({ after: { search: ctx.query.search ?? '', channel: ctx.query.channel ?? '', status: ctx.query.status ?? '' } }),
    },
    description: `The filtered subscribers as CSV, contacts unmasked (at most ${EXPORT_MAX_ROWS.toLocaleString('en')} rows; cells safe against formula injection); audited`,
    handler: async (ctx) => {
      requireSubscriberApp(ctx);
      const rows = await ctx.db
        .select()
        .from(appSubscribers)
        .where(filterWhere(ctx.app.appId, ctx.query))
        .orderBy(desc(appSubscribers.createdAt), desc(appSubscribers.id))
        .limit(EXPORT_MAX_ROWS + 1);
      const lines = [csvLine(EXPORT_HEADER)];
      for (const r of rows.slice(0, EXPORT_MAX_ROWS)) {
        lines.push(csvLine([r.channel, r.contact, r.topics.join(' '), r.status, r.consentVersion, r.consentedAt.toISOString(), r.source, r.createdAt.toISOString(), r.unsubscribedAt?.toISOString() ?? '']));
      }
      if (rows.length > EXPORT_MAX_ROWS) lines.push(csvLine([`Stopped at ${EXPORT_MAX_ROWS} rows: narrow the filter`]));
      return { fileName: `subscribers-${ctx.app.appId}-${ctx.now.toISOString().slice(0, 10)}.csv`, contentType: 'text/csv; charset=utf-8', data: lines.join('') };
    },
  });
}

function describeFilter(filter: SubscriberFilterDto): string {
  const parts = [filter.search ? `search "${filter.search}"` : '', filter.channel ? CHANNEL_LABELS[filter.channel] : '', filter.status ? STATUS_LABELS[filter.status] : ''].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
