import { Button, Callout, HTMLTable, Switch } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, Page, PageSkeleton, ToastService, useService, errorMessage } from '@civic/sdk/web';
import { AdminApi, type FeatureFlagItem } from '../common/api';
import { useResource } from './use-resource';

const onOff = (value: boolean | null) => (value === null ? 'not set' : value ? 'on' : 'off');

/** Where a flag's value comes from, in words. */
export function describeFlagSource(source: FeatureFlagItem['source']): string {
  if (source.kind === 'profile') return `Deployment profile (${source.profileName})`;
  const profile = source.profileValue === null ? 'the profile does not set it' : `the profile says ${onOff(source.profileValue)}`;
  if (source.kind === 'switched') {
    const at = new Date(source.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    return `Switched by ${source.byEmail} on ${at}; ${profile}`;
  }
  return `Set in the database; ${profile}`;
}

/** /feature-flags: switch the deployment's flags (next-generation console entry, helpdesk …). */
export function FlagsPage() {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const list = useResource(() => api.get<{ flags: FeatureFlagItem[] }>(AdminApi.featureFlags));
  const [failure, setFailure] = useState<string | null>(null);

  async function toggle(flag: FeatureFlagItem, enabled: boolean) {
    setFailure(null);
    try {
      await api.patch(AdminApi.featureFlag(flag.name), { enabled });
      toasts.notify(`${flag.name} is ${enabled ? 'on' : 'off'}. Open consoles pick it up at their next flag refresh.`);
      await list.reload();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Page title="Feature flags" description="Menu items and features switched on or off for this deployment.">
      {(list.error || failure) && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          <p>{list.error ?? failure}</p>
          {list.error && <Button text="Try again" onClick={() => void list.reload()} />}
        </Callout>
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && (
        <HTMLTable aria-label="Feature flags">
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Description</th>
              <th scope="col">Value from</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {list.data.flags.map((flag) => (
              <tr key={flag.name}>
                <th scope="row">{flag.name}</th>
                <td>{flag.description || '—'}</td>
                <td>{describeFlagSource(flag.source)}</td>
                <td>
                  <Switch aria-label={`Turn ${flag.name} ${flag.enabled ? 'off' : 'on'}`} checked={flag.enabled} onChange={(e) => void toggle(flag, e.currentTarget.checked)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Page>
  );
}
