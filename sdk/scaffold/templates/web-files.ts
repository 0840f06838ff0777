import type { PluginNames } from '../plugin-names';

/** web/: the store, its inversify module and the page (through @civic/sdk/web only). */
export function webFiles(n: PluginNames): Record<string, string> {
  return {
    [`web/${n.id}-store.ts`]: `import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { ${n.pascal}Api, type ${n.pascal}Item, type ${n.pascal}List } from '../common/api';

/** The rows of the current app and the ones its editors add. */
export const ${n.pascal}Store = Symbol('${n.id}.${n.pascal}Store');
export interface ${n.pascal}Store {
  readonly appId: string | null;
  readonly items: readonly ${n.pascal}Item[];
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  load(appId: string): Promise<void>;
  add(input: { name: string; notes?: string }): Promise<${n.pascal}Item>;
}

@injectable()
export class ${n.pascal}StoreImpl implements ${n.pascal}Store {
  appId: string | null = null;
  items: readonly ${n.pascal}Item[] = [];
  status: ${n.pascal}Store['status'] = 'idle';
  error: string | null = null;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeAutoObservable<${n.pascal}StoreImpl, 'api'>(this, { api: false });
  }

  async load(appId: string): Promise<void> {
    runInAction(() => {
      if (this.appId !== appId) this.items = [];
      this.appId = appId;
      this.status = 'loading';
    });
    try {
      const list = await this.api.get<${n.pascal}List>(${n.pascal}Api.items(appId));
      // The user may have switched apps while this was on its way.
      if (this.appId !== appId) return;
      runInAction(() => {
        this.items = list.items;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      if (this.appId !== appId) return;
      runInAction(() => {
        this.status = 'error';
        this.error = isApiError(error) ? error.message : Messages.errorEncountered;
      });
    }
  }

  async add(input: { name: string; notes?: string }): Promise<${n.pascal}Item> {
    if (!this.appId) throw new Error('No app loaded');
    const item = await this.api.post<${n.pascal}Item>(${n.pascal}Api.items(this.appId), input);
    runInAction(() => {
      this.items = [item, ...this.items];
    });
    return item;
  }
}
`,
    [`web/${n.id}-module.ts`]: `import { ContainerModule } from '@civic/sdk/web/inversify';
import { ${n.pascal}Store, ${n.pascal}StoreImpl } from './${n.id}-store';

/** The ${n.id} plugin's web bindings. */
export const ${n.camel}Module = new ContainerModule(({ bind }) => {
  bind<${n.pascal}Store>(${n.pascal}Store).to(${n.pascal}StoreImpl).inSingletonScope();
});
`,
    [`web/${n.id}-page.tsx`]: `import { Button, Callout, HTMLTable } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, FormField, isApiError, Page, PageSkeleton, ToastService, useAccess, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { Messages } from '@civic/sdk/common/messages';
import { ${n.pascal}ItemDto } from '../common/${n.id}-item.dto';
import { ${n.pascal}Messages } from '../common/messages';
import { canEdit${n.pascal} } from '../common/permissions';
import { ${n.pascal}Store } from './${n.id}-store';

/** /${n.id}/{appId}: the app's rows, newest first; editors add one with the form above the table. */
export const ${n.pascal}Page = observer(function ${n.pascal}Page() {
  const { appId = '' } = useParams();
  const store = useService<${n.pascal}Store>(${n.pascal}Store);
  const edit = useAccess(canEdit${n.pascal});

  useEffect(() => void store.load(appId), [store, appId]);

  return (
    <Page title="${n.title}" description="What this page is for, in one line." toolbar={<span role="status">{store.status === 'ready' ? \`\${store.items.length} rows\` : ''}</span>}>
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
        <HTMLTable striped aria-label="${n.title}" style={{ width: '100%' }}>
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
function AddForm({ store }: { store: ${n.pascal}Store }) {
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('${n.id}-add', ${n.pascal}ItemDto, { name: '', notes: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const item = await store.add({ name: form.values.name, notes: form.values.notes });
      toasts.notify(\`\${${n.pascal}Messages.added}: \${item.name}\`);
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
`,
  };
}
