import { createHash, HttpError, isDecommissioned, randomUUID, RateLimiter, type HandlerContext, type RouteAdder } from '@civic/sdk/server';
import { originAllowed } from '@civic/sdk/common/validators';
import { SubscribersApi, type Channel, type OptInResult, type SubscriberStatus, type UnsubscribeResult } from '../common/api';
import { maskContact } from '../common/mask-contact';
import { SubscribersMessages } from '../common/messages';
import { canUseSubscriptions } from '../common/permissions';
import { OptInDto } from '../common/subscription.dto';
import { requireSubscriberApp } from './console-routes';
import { findByToken, tokenHash, unsubscribe, upsertOptIn, type SubscriberRecord } from './subscriber-store';

const BODY_LIMIT = 4 * 1024;
type PublicContext = HandlerContext<unknown, unknown, 'public', 'appId'>;

const unsubscribeResult = (record: SubscriberRecord): UnsubscribeResult => ({
  status: record.status as SubscriberStatus,
  channel: record.channel as Channel,
  contact: maskContact(record.channel as Channel, record.contact),
});

/**
 * The public subscription API the widget and channel adaptors call: opt in (consent required), and
 * the unsubscribe link's token. Guarded as the public chat is: a listed, live app; the console's
 * origin or the app's allowed sites (for calls from a web page); a per-IP limit counted in the
 * database; small bodies.
 */
export function registerPublicRoutes(routes: RouteAdder, consoleUrl: string, perIp: number): void {
  const guard = async (ctx: PublicContext, checkOrigin: boolean) => {
    requireSubscriberApp(ctx);
    if (isDecommissioned(ctx.app, ctx.now)) throw HttpError.notFound();
    if (checkOrigin && !originAllowed(ctx.origin, consoleUrl, ctx.app.allowedDomains)) throw new HttpError(403, SubscribersMessages.originRefused);
    if (perIp > 0) {
      const decision = await new RateLimiter(ctx.db).hit(`subscribe-ip:${ctx.ip}`, perIp, ctx.now);
      if (!decision.allowed) throw HttpError.tooManyRequests(decision.retryAfterSeconds);
    }
  };
  const byToken = async (ctx: PublicContext) => {
    const token = ctx.params.token;
    const record = /^[A-Za-z0-9_-]{43}$/.test(token) ? await findByToken(ctx.db, ctx.app.appId, token) : undefined;
    if (!record) throw HttpError.notFound();
    return record;
  };
  const common = { auth: 'public' as const, app: 'appId' as const, access: canUseSubscriptions, cors: true, transaction: false, bodyLimit: BODY_LIMIT };

  routes.add({
    ...common,
    method: 'POST',
    url: SubscribersApi.optInRoute,
    body: OptInDto,
    unaudited: "citizen opt-ins: the subscriber row keeps the consent text's version, time and source",
    description: '{ channel, contact, topics?, consent: true, consentVersion, source? }: opts a citizen in (`created: true`), or updates the topics and consent of the same contact and channel (`created: false`, active again); answers a new unsubscribe token (the earlier one stops working)',
    handler: async (ctx): Promise<OptInResult> => {
      await guard(ctx, true);
      // 244 random bits (two v4 UUIDs) as 43 URL-safe characters; only its hash is stored.
      const token = createHash('sha256').update(`${randomUUID()}${randomUUID()}`).digest('base64url');
      const { record, created } = await upsertOptIn(
        ctx.db,
        ctx.app.appId,
        { channel: ctx.body.channel, contact: ctx.body.contact, topics: ctx.body.topics ?? [], consentVersion: ctx.body.consentVersion, source: ctx.body.source?.trim() || 'api', tokenHash: tokenHash(token) },
        ctx.now,
      );
      return { status: record.status as SubscriberStatus, topics: record.topics, unsubscribeToken: token, created };
    },
  });

  routes.add({
    ...common,
    // Opened as a link (a top-level page load): no cross-origin reading. The POST beside it is CORS'd.
    cors: false,
    method: 'GET',
    url: SubscribersApi.unsubscribeRoute,
    description: "The unsubscribe link: whose subscription the token is (masked) and its status; changes nothing (mail scanners open links)",
    handler: async (ctx): Promise<UnsubscribeResult> => {
      await guard(ctx, false);
      return unsubscribeResult(await byToken(ctx));
    },
  });

  routes.add({
    ...common,
    method: 'POST',
    url: SubscribersApi.unsubscribeRoute,
    unaudited: 'a citizen unsubscribes with their own token: the subscriber row keeps the time',
    description: 'Unsubscribes the subscription the token belongs to; idempotent (a second call answers the same)',
    handler: async (ctx): Promise<UnsubscribeResult> => {
      await guard(ctx, false);
      return unsubscribeResult(await unsubscribe(ctx.db, await byToken(ctx), ctx.now));
    },
  });
}
