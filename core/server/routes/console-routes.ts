import { asc, eq } from 'drizzle-orm';
import { anyone } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import type { ConsoleConfig, UnleashFrontendResponse } from '@civic/core/common/model/api';
import type { ServerConfig } from '../config/server-config';
import { featureFlags } from '../db/schema';
import type { RouteAdder } from '../http/route-registry';

/** What the browser reads before sign-in: the deployment, and the feature flags. */
export function registerConsoleRoutes(routes: RouteAdder, config: ServerConfig, version: string): void {
  routes.add({
    method: 'GET',
    url: CoreApi.consoleConfig,
    auth: 'public',
    access: anyone,
    description: "The deployment's enabled plugins, switches, links, inactivity timings and lock time",
    handler: (): ConsoleConfig => ({
      profile: config.profileName,
      version,
      plugins: [...config.profile.plugins],
      switches: { ...config.switches },
      subscriberAppIds: [...config.profile.subscriberAppIds],
      helpGuideUrl: config.profile.helpGuideUrl,
      helpdeskUrl: config.profile.helpdeskUrl,
      nextGenConsoleUrl: config.profile.nextGenConsoleUrl,
      inactivityPromptMinutes: config.profile.identity.inactivityPromptMinutes,
      autoLogoffMinutes: config.profile.identity.autoLogoffMinutes,
      lockMinutes: config.profile.lockout.lockMinutes,
    }),
  });

  routes.add({
    method: 'GET',
    url: CoreApi.featureFlags,
    auth: 'public',
    access: anyone,
    // Unleash's frontend API answers bare, and lists only enabled toggles: a real Unleash proxy
    // can replace this route without a client change.
    envelope: false,
    description: 'Enabled feature flags in the Unleash frontend API shape',
    handler: async (ctx): Promise<UnleashFrontendResponse> => {
      const rows = await ctx.db.select({ name: featureFlags.name }).from(featureFlags).where(eq(featureFlags.enabled, true)).orderBy(asc(featureFlags.name));
      return {
        toggles: rows.map((row) => ({ name: row.name, enabled: true, variant: { name: 'disabled', enabled: false }, impressionData: false })),
      };
    },
  });
}
