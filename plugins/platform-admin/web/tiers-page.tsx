import { Button, Callout, Checkbox, HTMLTable, NumericInput } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import type { TierLimit } from '@civic/sdk/common/model';
import { ApiClient, Page, PageSkeleton, ToastService, useService, errorMessage } from '@civic/sdk/web';
import { AdminApi } from '../common/api';
import { useResource } from './use-resource';

type Flag = keyof TierLimit['restrictions'];
const FLAGS: Array<[Flag, string]> = [
  ['analytics', 'Analytics'],
  ['categories', 'Categories'],
  ['labels', 'Labels'],
  ['trainingHub', 'Training hub'],
];
const NUMBERS: Array<['maxIntents' | 'maxMembers' | 'maxMonthlySessions', string]> = [
  ['maxIntents', 'Max intents'],
  ['maxMembers', 'Max members'],
  ['maxMonthlySessions', 'Max monthly sessions'],
];

function TierRow(props: { tier: TierLimit; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [value, setValue] = useState(props.tier);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = JSON.stringify(value) !== JSON.stringify(props.tier);

  async function save() {
    setSaving(true);
    setFailure(null);
    try {
      await api.put(AdminApi.tierLimit(value.tier), { maxIntents: value.maxIntents, maxMembers: value.maxMembers, maxMonthlySessions: value.maxMonthlySessions, ...value.restrictions });
      toasts.notify(`${value.tier} saved`);
      props.onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <tr>
      <th scope="row">{value.tier}</th>
      {NUMBERS.map(([key, label]) => (
        <td key={key}>
          <NumericInput
            aria-label={`${label} of ${value.tier}`}
            min={0}
            value={value[key]}
            onValueChange={(n) => setValue({ ...value, [key]: Number.isFinite(n) ? Math.round(n) : 0 })}
            buttonPosition="none"
            fill
          />
        </td>
      ))}
      {FLAGS.map(([key, label]) => (
        <td key={key}>
          <Checkbox aria-label={`${label} allowed on ${value.tier}`} checked={value.restrictions[key]} onChange={(e) => setValue({ ...value, restrictions: { ...value.restrictions, [key]: e.currentTarget.checked } })} />
        </td>
      ))}
      <td>
        <Button size="small" intent="primary" text="Save" aria-label={`Save ${value.tier}`} disabled={!changed} loading={saving} onClick={() => void save()} />
        {failure && (
          <span role="alert" className="civic-inline-error">
            {failure}
          </span>
        )}
      </td>
    </tr>
  );
}

/** /subscription-tiers: the limits and restriction flags of each tier (platform admins). */
export function TiersPage() {
  const api = useService<ApiClient>(ApiClient);
  const list = useResource(() => api.get<TierLimit[]>(AdminApi.tierLimits));
  return (
    <Page title="Subscription tiers" description="What each tier allows: the limits the server enforces and the features a Starter-tier app may use.">
      {list.error && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          <p>{list.error}</p>
          <Button text="Try again" onClick={() => void list.reload()} />
        </Callout>
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && (
        <HTMLTable aria-label="Subscription tiers">
          <thead>
            <tr>
              <th scope="col">Tier</th>
              {NUMBERS.map(([key, label]) => (
                <th scope="col" key={key}>
                  {label}
                </th>
              ))}
              {FLAGS.map(([key, label]) => (
                <th scope="col" key={key}>
                  {label}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((tier) => (
              <TierRow key={`${tier.tier}-${JSON.stringify(tier)}`} tier={tier} onSaved={() => void list.reload()} />
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Page>
  );
}
