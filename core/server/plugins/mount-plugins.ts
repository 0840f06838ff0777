import { allOf, permissionId } from '@civic/core/common/access';
import type { PendingWrites, StartTasks } from '../app/pending-writes';
import type { AppLifecycle } from '../apps/app-lifecycle';
import type { AuditTrail } from '../audit/audit-trail';
import type { Mailer } from '../mail/mailer';
import type { JobService } from '../jobs/job-service';
import type { ServerConfig } from '../config/server-config';
import type { DbExecutor } from '../db/database';
import type { DomainEvents } from '../events/event-bus';
import type { RouteAdder, RouteRegistry } from '../http/route-registry';
import type { Logger } from '../logging/logger';
import type { UserAdmin } from '../users/user-admin';
import type { ServerPlugin } from './server-module';
import { readPluginSettings } from './plugin-settings';
import { ServiceRegistry } from './service-registry';
import type { SecretSealer } from '../secrets/secret-sealer';
import type { SsoRealms } from '../auth/sso-realms';

/**
 * Lets each enabled plugin register its routes. The plugin's own predicate (manifest.canAccess)
 * guards every one of its routes in addition to the route's, exactly as it guards its pages, and
 * a plugin with a feature flag answers 404 while the flag is off.
 */
/** The core services a plugin's server module is handed (one field each; add new ones here). */
export interface PluginServices {
  config: ServerConfig;
  log: Logger;
  users: UserAdmin;
  apps: AppLifecycle;
  jobs: JobService;
  events: DomainEvents;
  db: DbExecutor;
  audit: AuditTrail;
  secrets: SecretSealer;
  ssoRealms?: SsoRealms;
  /** The deployment's mailer (SMTP, or the outbox table of the embedded default). */
  mail: Mailer;
  /** The server's write-behind buffers and background work (plugins register theirs with `api.onFlush`, `api.onClose`). */
  pendingWrites: PendingWrites;
  /** Work plugins do once the server runs (`api.onStarted`). */
  startTasks: StartTasks;
}

export async function mountPlugins(registry: RouteRegistry, plugins: readonly ServerPlugin[], services: PluginServices): Promise<void> {
  const { config, log, users, apps, jobs, events, db, audit, secrets, ssoRealms, mail, pendingWrites, startTasks } = services;
  // Static services first: every plugin's are there before the first mount.
  const pluginServices = ServiceRegistry.withStatic(plugins);
  // Every plugin's settings are checked before any mounts: a bad value stops the start (ConfigError).
  const settings = readPluginSettings(plugins, config.env);
  for (const { manifest, module } of plugins) {
    if (!module) continue;
    if (module.pluginId !== manifest.id) {
      throw new Error(`plugins/${manifest.id}/server exports the server module of "${module.pluginId}"`);
    }
    const adder = registry.for({ owner: manifest.id, featureFlag: manifest.featureFlag });
    const routes: RouteAdder = {
      add(definition) {
        // A missing predicate is passed through untouched so the registry refuses it.
        const access = typeof definition.access === 'function' ? allOf(manifest.canAccess, definition.access) : definition.access;
        adder.add({ ...definition, access, permission: permissionId(definition.access) });
      },
    };
    await module.register({
      pluginId: manifest.id,
      routes,
      deployment: { profileName: config.profileName, enabledPlugins: [...config.profile.plugins], publicUrl: config.publicUrl, switches: { ...config.switches }, profileFlags: { ...config.profile.flags }, allowedEmailDomains: [...config.profile.allowedEmailDomains], outboundAllow: config.outboundAllow },
      settings: settings.get(manifest.id) ?? {},
      log: log.child({ plugin: manifest.id }),
      users,
      apps: {
        onCreated: (handler) => apps.onCreated(manifest.id, handler),
        created: (tx, appId) => apps.created(tx, appId),
      },
      jobs,
      events,
      db,
      audit: { verifyPart: (executor, options) => audit.verifyPart(executor, options) },
      mail,
      services: pluginServices.for(manifest),
      secrets: {
        seal: (plaintext, context) => secrets.seal(plaintext, context),
        open: (sealed, context) => secrets.open(sealed, context),
        isCurrent: (sealed) => secrets.isCurrent(sealed),
        rewrap: (sealed, context) => secrets.rewrap(sealed, context),
        currentKeyId: secrets.currentKeyId,
        registerStore: (store) => secrets.registerStore(store),
      },
      identity: {
        provideSsoRealm: (provider) => {
          if (!ssoRealms) throw new Error('Single sign-on is not available in this server');
          ssoRealms.provide(provider);
        },
      },
      onFlush: (flush) => pendingWrites.add(manifest.id, flush),
      onStarted: (task) => startTasks.add(manifest.id, task),
      onClose: (stop) => pendingWrites.addStop(manifest.id, stop),
      extensions: <T,>(point: { id: string; owner: string }) => {
        if (point.owner !== manifest.id) throw new Error(`Plugin "${manifest.id}" reads the extension point ${point.id} of "${point.owner}"`);
        return plugins.flatMap((p) => (p.manifest.extensions ?? []).filter((e) => e.point.id === point.id).map((e) => e.value as T));
      },
    });
  }
}
