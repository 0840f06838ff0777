import type { ClassConstructor } from 'class-transformer';
import { definePermission, platformAdmin } from '@civic/core/common/access';
import { definePlugin, type PluginManifest } from '@civic/core/common/plugins/plugin-manifest';
import { contribute } from '@civic/core/common/plugins/extension-point';
import { CredentialKinds, resolveCredentialKind, type ConnectionCheck, type CredentialHttp, type CredentialKindContribution } from './common/credential-kinds';

/** The sidebar group of every credential kind (§2). */
export const INTEGRATION_CREDENTIAL_GROUP = 'Integration Credential';

export interface CredentialPluginDeclaration<V extends object> {
  /** kebab-case plugin id, e.g. `credential-payment`: the folder, the page `/<id>`, the API segment. */
  id: string;
  title: string;
  /** A Blueprint icon name. */
  icon: string;
  /**
   * Loads the class-validator DTO of the kind's fields (each labelled with `@CredentialField`):
   * `() => import('./common/x-credential.dto').then((m) => m.XCredentialDto)`. Loaded with the kind's
   * page and on the server, so the manifest stays light on every other page.
   */
  fields: () => Promise<ClassConstructor<V>>;
  /** The fields that are secrets: sealed at rest, write-only. */
  secrets: readonly (keyof V & string)[];
  /** Calls the provider through the outbound client given as `http`; answers ok and a reason. */
  testConnection?: (values: V, http: CredentialHttp) => Promise<ConnectionCheck>;
  /** Who uses this credential, shown on its page. */
  usedBy?: readonly string[];
  /** Sidebar order inside the Integration Credential group (default 600). */
  order?: number;
  /** The app patch field in which an app names one of these credentials (live chat: `liveChatService`). */
  appField?: 'liveChatService' | 'authenticationService';
  /**
   * True when the plugin also has `server/index.ts` of its own, to put its credential to use (the
   * SSO realm hands it to identity through `credentials.resolver`). Not needed for the routes.
   */
  server?: boolean;
}

/**
 * One declaration, a whole credential plugin: the manifest of plugin `id` with its page `/<id>`
 * (list and form generated from `fields`), its entry in the sidebar's Integration Credential group,
 * its permission `<id>.manage` (platform admins), and its kind contributed to `CredentialKinds`,
 * from which the `credentials` plugin mounts the kind's API routes (CRUD, test, rotate, clear),
 * seals its secrets and audits every change. `plugins/<id>/plugin.ts` default-exports the result.
 */
export function defineCredentialPlugin<V extends object>(declaration: CredentialPluginDeclaration<V>): PluginManifest {
  const permission = definePermission({
    id: `${declaration.id}.manage`,
    description: `${declaration.title} credentials: platform admins only (§1).`,
    predicate: platformAdmin,
  });
  for (const secret of declaration.secrets) {
    if (typeof secret !== 'string' || secret.length === 0) throw new Error(`Credential plugin "${declaration.id}" names an invalid secret field`);
  }
  const kind: CredentialKindContribution<V> = {
    id: declaration.id,
    title: declaration.title,
    icon: declaration.icon,
    loadFields: declaration.fields,
    secrets: [...declaration.secrets],
    testConnection: declaration.testConnection,
    usedBy: declaration.usedBy,
    permission,
    appField: declaration.appField,
  };
  return definePlugin({
    id: declaration.id,
    title: declaration.title,
    icon: declaration.icon,
    canAccess: permission,
    routes: [
      {
        path: `/${declaration.id}`,
        layout: 'main',
        title: declaration.title,
        load: () =>
          Promise.all([import('./web/credentials/credential-kind-page'), resolveCredentialKind(kind)]).then(([m, resolved]) => ({
            default: m.credentialKindPage(resolved as unknown as Parameters<typeof m.credentialKindPage>[0]),
          })),
      },
    ],
    nav: [{ id: declaration.id, section: 'platform', group: INTEGRATION_CREDENTIAL_GROUP, label: declaration.title, order: declaration.order ?? 600, to: `/${declaration.id}`, icon: declaration.icon }],
    extensions: [contribute(CredentialKinds, kind as unknown as CredentialKindContribution)],
    requires: ['credentials'],
    server: declaration.server,
  });
}

export { CredentialField, HTTPS_URL, httpsUrlMessage, type CredentialFieldText } from './common/credentials';
export { CredentialKinds, jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp, type CredentialKind } from './common/credential-kinds';
