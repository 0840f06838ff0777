import { Button, Callout, HTMLTable } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, FormField, isApiError, Page, PageSkeleton, ToastService, useAccess, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { Messages } from '@civic/sdk/common/messages';
import { TrainingItemDto } from '../common/training-item.dto';
import { TrainingMessages } from '../common/messages';
import { canEditTraining } from '../common/permissions';
import { TrainingStore } from './training-store';

/** /training/{appId}: the app's rows, newest first; editors add one with the form above the table. */
export const TrainingPage = observer(function TrainingPage() {
  const { appId = '' } = useParams();
  const store = useService<TrainingStore>(TrainingStore);
  const edit = useAccess(canEditTraining);

  useEffect(() => void store.load(appId), [store, appId]);

  return (
    <Page title="Training" description="What this page is for, in one line." toolbar={<span role="status">{store.status === 'ready' ? `${store.items.length} rows` : ''}</span>}>
      {edit.allowed && <AddForm store={store} />}
      {store.status === 'error' && (
        <Callout intent="danger" role="alert" title="The rows could not be loaded" className="civic-form-notice">
          <p>{store.error}</p>
          <Button text="Try again" onClick={() => void store.load(appId)} />
        </Callout>
      )}
      {store.status === 'loading' && store.items.length === 0 && <PageSkeleton />}
      {store.status === 'ready' && store.items.length === 0 && (
        <EmptyState title="No rows yet" description={edit.allowed ? 'Add the first one with the form above.' : 'Editors of this app add them.'} />
      )}
      {store.items.length > 0 && (
        <HTMLTable striped aria-label="Training" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Notes</th>
              <th scope="col">Added by</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{item.notes}</td>
                <td>{item.createdBy}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Page>
  );
});

/** Name and notes, checked with the server's DTO as the user types; server refusals shown in place. */
function AddForm({ store }: { store: TrainingStore }) {
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('training-add', TrainingItemDto, { name: '', notes: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const item = await store.add({ name: form.values.name, notes: form.values.notes });
      toasts.notify(`${TrainingMessages.added}: ${item.name}`);
      form.reset();
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors(error.fields, ['name', 'notes'] as const) : {};
      if (fields.name || fields.notes) form.showErrors(fields);
      else setFailure(isApiError(error) ? error.message : Messages.errorEncountered);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a row">
      {failure && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {failure}
        </Callout>
      )}
      <FormField form={form} field="name" label="Name" autoComplete="off" />
      <FormField form={form} field="notes" label="Notes" helper="Optional" autoComplete="off" />
      <Button type="submit" intent="primary" text="Add" loading={saving} />
    </form>
  );
}
