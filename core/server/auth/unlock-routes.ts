import { eq } from 'drizzle-orm';
import { anyone } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { UnlockAccountDto } from '@civic/core/common/dto/unlock-account.dto';
import { Messages } from '@civic/core/common/messages';
import type { MessageResult } from '@civic/core/common/model/api';
import { users } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { RouteAdder } from '../http/route-registry';
import type { Identity } from './identity';
import { normaliseEmail } from './user-directory';

/** The way out of a sign-in lock for the account's owner: the single-use link of the account-locked mail. */
export function registerUnlockRoutes(routes: RouteAdder, identity: Identity): void {
  routes.add({
    method: 'POST',
    url: CoreApi.unlockAccount,
    auth: 'public',
    access: anyone,
    body: UnlockAccountDto,
    rateLimited: true,
    audit: { action: 'auth.unlock', summary: () => 'sign-in lock lifted with the mailed link' },
    description: '{ token } from the account-locked mail: lifts the sign-in lock once; used/expired → 401 (a lock set by an admin stays)',
    handler: async (ctx): Promise<MessageResult> => {
      const userId = await identity.links.consume(ctx.db, 'unlock', ctx.body.token, ctx.now);
      const [user] = userId ? await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1) : [];
      if (!user) throw new HttpError(401, Messages.unlockLinkExpired);
      await identity.failures.reset(ctx.db, normaliseEmail(user.email));
      ctx.audit({ actor: user, target: user.email });
      return { message: Messages.accountUnlocked };
    },
  });
}
