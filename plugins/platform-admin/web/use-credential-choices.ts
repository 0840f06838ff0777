import { useEffect, useState } from '@civic/sdk/web/react';
import { ApiClient, PluginCatalog, useService } from '@civic/sdk/web';
import { CredentialApi, CredentialKinds, type CredentialView } from '@civic/sdk/common/credentials';

type AppField = 'liveChatService' | 'authenticationService';

/**
 * The names of the configured credentials an app may name in an app patch field (§3: live chat in
 * `liveChatService`), from every enabled credential kind that declares that field. No credential
 * plugin enabled, or none configured: nothing is offered and the field stays free text.
 */
export function useCredentialChoices(): Partial<Record<AppField, string[]>> {
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const api = useService<ApiClient>(ApiClient);
  const [choices, setChoices] = useState<Partial<Record<AppField, string[]>>>({});
  useEffect(() => {
    let live = true;
    const kinds = catalog.extensions(CredentialKinds).map((c) => c.item).filter((kind) => kind.appField);
    void Promise.all(
      kinds.map(async (kind) => {
        try {
          const { items } = await api.get<{ items: CredentialView[] }>(CredentialApi.list(kind.id));
          return [kind.appField as AppField, items.map((i) => i.name)] as const;
        } catch {
          return [kind.appField as AppField, []] as const;
        }
      }),
    ).then((found) => {
      if (!live) return;
      const merged: Partial<Record<AppField, string[]>> = {};
      for (const [field, names] of found) merged[field] = [...(merged[field] ?? []), ...names];
      setChoices(merged);
    });
    return () => {
      live = false;
    };
  }, [catalog, api]);
  return choices;
}
