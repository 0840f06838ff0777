import { Button, Callout, HTMLTable, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, ExchangeIcon } from '@civic/sdk/web/icons';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, ConfirmDelete, EmptyState, Page, PageSkeleton, ToastService, useService, errorMessage } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import { AdminApi, type AdaptorItem, type ConnectionTestResult } from '../common/api';
import { ADAPTOR_TYPE_LABELS } from '../common/adaptor-types';
import { useResource } from './use-resource';

// The adaptor form (and class-validator) comes with the first New or Edit, not with the list.
const AdaptorDialog = lazyDialog(() => import('./adaptor-dialog').then((m) => m.AdaptorDialog));

/** /adaptor: the channel connectors, their webhooks and apps, with a connection test. */
export function AdaptorsPage() {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const list = useResource(() => api.get<{ adaptors: AdaptorItem[] }>(AdminApi.adaptors));
  const [editing, setEditing] = useState<AdaptorItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdaptorItem | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, ConnectionTestResult>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const adaptors = list.data?.adaptors ?? [];

  async function test(adaptor: AdaptorItem) {
    setTesting(adaptor.id);
    setFailure(null);
    try {
      const result = await api.post<ConnectionTestResult>(AdminApi.adaptorTest(adaptor.id));
      setResults((r) => ({ ...r, [adaptor.id]: result }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setTesting(null);
    }
  }

  async function remove(adaptor: AdaptorItem) {
    setFailure(null);
    try {
      await api.delete(AdminApi.adaptor(adaptor.id));
      toasts.notify(`Deleted ${adaptor.name}`);
      await list.reload();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Page
      title="Adaptors"
      description="Channel connectors (web chat, WhatsApp, Telegram, LINE, Messenger, Slack …): where each channel's messages go, and for which apps."
      actions={<Button intent="primary" icon={<AddIcon />} text="New adaptor" onClick={() => setEditing('new')} />}
    >
      {(list.error || failure) && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          <p>{list.error ?? failure}</p>
          {list.error && <Button text="Try again" onClick={() => void list.reload()} />}
        </Callout>
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && adaptors.length === 0 && <EmptyState icon={<ExchangeIcon />} title="No adaptors yet" description="Connect a first channel." action={<Button intent="primary" text="New adaptor" onClick={() => setEditing('new')} />} />}
      {adaptors.length > 0 && (
        <HTMLTable striped aria-label="Adaptors">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Channel</th>
              <th scope="col">Webhook URL</th>
              <th scope="col">Apps</th>
              <th scope="col">Enabled</th>
              <th scope="col">Connection</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {adaptors.map((adaptor) => {
              const result = results[adaptor.id];
              return (
                <tr key={adaptor.id}>
                  <td>{adaptor.name}</td>
                  <td>{ADAPTOR_TYPE_LABELS[adaptor.type] ?? adaptor.type}</td>
                  <td className="civic-break">{adaptor.webhookUrl}</td>
                  <td>{adaptor.appIds.join(', ') || '—'}</td>
                  <td>{adaptor.enabled ? 'Yes' : 'No'}</td>
                  <td role="status" aria-live="polite">
                    {result ? (
                      <Tag minimal intent={result.ok ? 'success' : 'danger'}>
                        {result.ok ? `OK · ${result.status} · ${result.latencyMs} ms` : `Failed · ${result.error ?? result.status} · ${result.latencyMs} ms`}
                      </Tag>
                    ) : adaptor.lastTestOk === null ? (
                      'Not tested'
                    ) : adaptor.lastTestOk ? (
                      'Last test OK'
                    ) : (
                      'Last test failed'
                    )}
                  </td>
                  <td>
                    <Button size="small" text="Test connection" aria-label={`Test connection of ${adaptor.name}`} loading={testing === adaptor.id} onClick={() => void test(adaptor)} />
                    <Button size="small" variant="minimal" text="Edit" aria-label={`Edit ${adaptor.name}`} onClick={() => setEditing(adaptor)} />
                    <Button size="small" variant="minimal" intent="danger" text="Delete" aria-label={`Delete ${adaptor.name}`} onClick={() => setDeleting(adaptor)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {editing !== null && <AdaptorDialog adaptor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />}
      <ConfirmDelete
        item={deleting}
        nameOf={(adaptor) => adaptor.name}
        onCancel={() => setDeleting(null)}
        onConfirm={(adaptor) => {
          setDeleting(null);
          void remove(adaptor);
        }}
      />
    </Page>
  );
}
