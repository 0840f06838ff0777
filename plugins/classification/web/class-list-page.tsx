import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable } from '@civic/sdk/web/blueprint';
import { AddIcon, EditIcon, TrashIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, errorMessage, Page, PageSkeleton, ToastService, useAccess, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import type { AccessPredicate } from '@civic/sdk/common/access';
import { Messages } from '@civic/sdk/common/messages';
import type { ClassItem } from '../common/api';
import type { ClassList } from './classification-store';
import { formatCount } from '@civic/sdk/common/format';

// The name form (and class-validator) comes with the first Create or Rename, not with the list.
const NameDialog = lazyDialog(() => import('./name-dialog').then((m) => m.NameDialog));

export interface ClassListPageProps {
  list: ClassList;
  /** "category" / "label", for texts. */
  noun: 'category' | 'label';
  title: string;
  description: string;
  canEdit: AccessPredicate;
  helper: string;
}

const intents = (n: number) => `${formatCount(n)} ${n === 1 ? 'intent' : 'intents'}`;

/** /categories/{appId} and /label/{appId}: the list with counts; create, rename, delete for editors. */
export const ClassListPage = observer(function ClassListPage(props: ClassListPageProps) {
  const { appId = '' } = useParams();
  const { list, noun } = props;
  const edit = useAccess(props.canEdit);
  const toasts = useService<ToastService>(ToastService);
  const [editing, setEditing] = useState<ClassItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ClassItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const Noun = noun === 'category' ? 'Category' : 'Label';

  useEffect(() => void list.load(appId), [list, appId]);

  const createButton = edit.visible ? (
    <Button intent="primary" icon={<AddIcon />} text={`Create ${noun}`} disabled={!edit.allowed} title={edit.disabledReason} onClick={() => setEditing('new')} />
  ) : undefined;

  async function remove(item: ClassItem) {
    setBusy(true);
    setDeleteFailure(null);
    try {
      await list.remove(appId, item.id);
      toasts.notify(`${Noun} ${item.name} deleted`);
      setDeleting(null);
    } catch (error) {
      setDeleteFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const loadingFirst = list.status === 'loading' && list.items.length === 0;
  return (
    <Page
      title={props.title}
      description={props.description}
      actions={createButton}
      toolbar={
        <span role="status" aria-live="polite">
          {loadingFirst ? 'Loading…' : `${formatCount(list.items.length)} ${list.items.length === 1 ? noun : noun === 'category' ? 'categories' : 'labels'}`}
        </span>
      }
    >
      {list.status === 'error' && (
        <LoadError title={`The ${noun === 'category' ? 'categories' : 'labels'} could not be loaded`} error={list.error} onRetry={() => void list.load(appId)} />
      )}
      {loadingFirst && <PageSkeleton />}
      {list.status === 'ready' && list.items.length === 0 && (
        <EmptyState title={`No ${noun === 'category' ? 'categories' : 'labels'} yet`} description={props.helper} action={createButton} />
      )}
      {list.items.length > 0 && (
        <HTMLTable striped aria-label={props.title} style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Used by</th>
              {edit.allowed && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{item.intentCount === 0 ? 'Not used' : intents(item.intentCount)}</td>
                {edit.allowed && (
                  <td>
                    <Button variant="minimal" size="small" icon={<EditIcon />} aria-label={`Rename ${item.name}`} onClick={() => setEditing(item)} />
                    <Button variant="minimal" size="small" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing && <NameDialog appId={appId} list={list} noun={noun} helper={props.helper} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <Dialog isOpen onClose={() => (setDeleting(null), setDeleteFailure(null))} title={`Delete ${noun} ${deleting.name}`}>
          <DialogBody>
            {deleteFailure && (
              <Callout intent="danger" role="alert" className="civic-form-notice">
                {deleteFailure}
              </Callout>
            )}
            <p>{Messages.confirmDelete}</p>
            {deleting.intentCount > 0 && <p>{`${intents(deleting.intentCount)} will lose this ${noun}.`}</p>}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => (setDeleting(null), setDeleteFailure(null))} />
                <Button intent="danger" text="Delete" loading={busy} onClick={() => void remove(deleting)} />
              </>
            }
          />
        </Dialog>
      )}
    </Page>
  );
});
