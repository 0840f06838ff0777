import type { AccessPredicate } from '@civic/core/common/access';
import type { DeploymentSwitches } from '@civic/core/common/model/api';
import type { AppCreatedHandler } from '../apps/app-lifecycle';
import type { OutboundAllowList } from '../config/outbound-allow';
import type { AuditTrail } from '../audit/audit-trail';
import type { DbExecutor } from '../db/database';
import type { DomainEvents } from '../events/event-bus';
import type { MigrationOwner } from '../db/migration-runner';
import type { PluginServiceAccess, ServiceBinding } from './service-registry';
import type { PluginSettingsDeclaration } from './plugin-settings';
import type { ExtensionPoint } from '@civic/core/common/plugins/extension-point';
import type { SecretSealing } from '../secrets/secret-sealer';
import type { SsoRealmProvider } from '../auth/sso-realms';
import type { JobService } from '../jobs/job-service';
import type { RouteAdder } from '../http/route-registry';
import type { Logger } from '../logging/logger';
import type { Mailer } from '../mail/mailer';
import type { UserAdmin } from '../users/user-admin';

/** What a plugin's server module is given when the host mounts it. */
export interface ServerModuleApi {
  readonly pluginId: string;
  /** Same route definitions as core: access predicate required, audited when mutating. */
  readonly routes: RouteAdder;
  /** `outboundAllow` (CIVIC_OUTBOUND_ALLOW) is what createOutboundClient (sdk) needs for calls to typed URLs. */
  readonly deployment: Readonly<{ profileName: string; /** Ids of the plugins this deployment runs. */ enabledPlugins: readonly string[]; publicUrl: string; switches: DeploymentSwitches; /** The profile's feature flag values (what a flag is until someone switches it). */ profileFlags: Readonly<Record<string, boolean>>; allowedEmailDomains: readonly string[]; outboundAllow: OutboundAllowList }>;
  /**
   * The plugin's own settings (its module's `settings`), read from their variables and checked at
   * start; read them typed with `settingsOf(api, Settings)` (sdk/server).
   */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly log: Logger;
  /** Account administration (the users plugin): plugins never touch credential tables directly. */
  readonly users: UserAdmin;
  /** App lifecycle: `onCreated` runs in the transaction that creates an app; `created` is called by whoever creates one. */
  readonly apps: {
    onCreated(handler: AppCreatedHandler): void;
    created: AppCreatedHandler;
  };
  /** Background jobs: register a handler per kind, enqueue, list, cancel (core/server/jobs). */
  readonly jobs: JobService;
  /**
   * Domain events (core/server/events): `publish(tx, event, payload)` delivers after the commit, to
   * this process and (on PostgreSQL) every other server process; `subscribe(event, handler)`.
   */
  readonly events: DomainEvents;
  /**
   * The database, its schema (core's and this plugin's migrations) up to date. Work done for a
   * request uses the handler's `ctx.db` instead (the request's transaction); event handlers and
   * start-up use this; services take a `DbExecutor` parameter so they run in their caller's transaction.
   */
  readonly db: DbExecutor;
  /**
   * The audit trail's integrity walk (the audit-log plugin's verify route): keyed with
   * CIVIC_AUDIT_KEY and checked against the newest signed checkpoint, which plugins never see.
   */
  readonly audit: Pick<AuditTrail, 'verifyPart'>;
  /**
   * Services between plugins, by typed ref (`contract/server/`): `provide` your own at mount, `get`
   * those of plugins you require (they mounted before you).
   */
  readonly services: PluginServiceAccess;
  /**
   * Sealed secrets at rest (CIVIC_SECRETS_KEY, envelope encryption): `seal`/`open` a value bound
   * to a context, and `registerStore` a table of sealed values so `npm run secrets:rotate` re-wraps
   * it. Plugins never see the keys.
   */
  readonly secrets: SecretSealing;
  /**
   * The data contributions of every enabled plugin to one of this plugin's own extension points
   * (the server's side of `catalog.extensions(point)`): e.g. the credential kinds the credentials
   * plugin serves. Asking for another plugin's point throws.
   */
  extensions<T>(point: ExtensionPoint<T>): T[];
  /**
   * Identity hooks: `provideSsoRealm(provider)` makes single sign-on read its OpenID Connect realm
   * from the provider when it answers one, else from CIVIC_SSO_* (one plugin may provide it).
   */
  readonly identity: { provideSsoRealm(provider: SsoRealmProvider): void };
  /**
   * Outgoing mail, plain text (SMTP_URL, else the outbox table): what team invites and sign-in links
   * use. `delivers` is false on the embedded default, where mail stays in the outbox.
   */
  readonly mail: Mailer;
  /**
   * Registers a write-behind buffer's flush (work kept off the request path, e.g. the transcripts of
   * chat turns). The server calls it when it closes — after its in-flight requests, before the
   * database closes — so a graceful stop (SIGTERM) loses nothing; tests call every flush through
   * `CivicServer.flushPending()` before reading what a request just wrote.
   */
  onFlush(flush: () => Promise<void>): void;
  /**
   * Work to do once the server runs — its job runner and domain events started, after every plugin
   * mounted — e.g. queueing jobs at start (a job cannot be queued while the plugins mount). Runs once,
   * in mount order; a failure is logged and does not stop the start or the other plugins' work.
   */
  onStarted(task: () => Promise<void>): void;
  /**
   * Registers the stop of work the plugin runs in the background on its own (a timer that later
   * queries the database, a loop): the server calls it first when it closes — after its in-flight
   * requests, before the flushes, the job runner, the event bus and the database — so none of that
   * work starts a query on a closed database. Jobs and event handlers need none: the server waits for them.
   */
  onClose(stop: () => void | Promise<void>): void;
}

/** Default export of `plugins/<id>/server/index.ts`, made with defineServerModule (sdk/server). */
export interface ServerModule {
  readonly pluginId: string;
  register(api: ServerModuleApi): void | Promise<void>;
  /**
   * Settings the plugin reads from environment variables (`CIVIC_…`): each with its default, its
   * class-validator rules and its README line. Checked at start with core's variables: a bad value
   * stops the start with its message. The README configuration table lists them (a test checks it).
   */
  settings?: PluginSettingsDeclaration;
  /**
   * Services that need nothing from the mount (`bindService(ref, implementation)`, functions over a
   * `DbExecutor`): provided before the demo seed and before any plugin mounts, so the seeders of
   * plugins that require this one can use them too. Mount-time services use `api.services.provide`.
   */
  readonly services?: readonly ServiceBinding[];
  /** Demo data of the plugin, run by the demo seed inside its transaction (in `requires` order); must be idempotent. */
  seedDemo?(tx: DbExecutor, demo: DemoSeed): Promise<void>;
}

/** What a plugin's demo seeder is given. */
export interface DemoSeed {
  readonly appIds: readonly string[];
  /** The deployment profile's `subscriberAppIds`: the apps with a subscriber page (§6). */
  readonly subscriberAppIds: readonly string[];
  readonly now: Date;
  /** The static services (`ServerModule.services`) of this plugin and those it requires; the server is not running yet. */
  readonly services: Pick<PluginServiceAccess, 'get' | 'find'>;
  /** CIVIC_DEMO_PUBLISHED: new demo apps should start published (the publishing plugin's seeder does it). */
  readonly published: boolean;
}

/**
 * The parts of a plugin manifest the server reads. Structural, so core needs no sdk import: a
 * PluginManifest fits it as is.
 */
export interface ServerPluginManifest {
  id: string;
  canAccess: AccessPredicate;
  featureFlag?: string;
  server?: boolean;
  requires?: string[];
  /** Plugins this one works with when enabled (PluginManifest.uses): their services through `find`. */
  uses?: string[];
  /** Data contributions to extension points (`contribute(point, value)`), read by the point's owner. */
  extensions?: readonly { point: { id: string; owner: string }; value: unknown }[];
}

/** An enabled plugin as the host hands it to createServer. */
export interface ServerPlugin {
  manifest: ServerPluginManifest;
  module?: ServerModule;
  /** Its tables' migrations (`plugins/<id>/server/db/migrations`), run at start while it is enabled. */
  migrations?: MigrationOwner;
}
