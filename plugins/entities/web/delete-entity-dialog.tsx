import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@civic/sdk/web/blueprint';
import { useEffect, useState } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { errorMessage, isApiError, ToastService, useService } from '@civic/sdk/web';
import { Messages } from '@civic/sdk/common/messages';
import { entityRef } from '../contract/common/index';
import type { EntityUsage } from '../common/api';
import { EntityMessages } from '../common/messages';
import { EntitiesStore } from './entities-store';

export function intentLink(appId: string, usage: EntityUsage): string {
  const app = encodeURIComponent(appId);
  return usage.intentKind === 'qna' ? `/QandA/${app}/edit/${usage.intentId}` : `/intent/${app}/edit/${usage.intentId}`;
}

/** The usages of an entity, as a list of links to the intents. */
export function UsageList(props: { appId: string; usages: EntityUsage[] }) {
  return (
    <ul aria-label="Where it is used">
      {props.usages.map((u) => (
        <li key={u.intentId}>
          <Link to={intentLink(props.appId, u)}>{u.intentName}</Link>
          {' — '}
          {[u.phraseCount > 0 ? `${u.phraseCount} training ${u.phraseCount === 1 ? 'phrase' : 'phrases'}` : null, u.parameters.length > 0 ? `parameter ${u.parameters.join(', ')}` : null]
            .filter(Boolean)
            .join('; ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * Delete an entity: a plain confirmation when nothing uses it; otherwise the list of usages and the
 * choice to delete it together with them (tags removed from phrases, parameters of its type removed).
 */
export function DeleteEntityDialog(props: { appId: string; entity: { id: string; name: string }; onClose: () => void; onDeleted?: () => void }) {
  const store = useService<EntitiesStore>(EntitiesStore);
  const toasts = useService<ToastService>(ToastService);
  const [usages, setUsages] = useState<EntityUsage[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = entityRef(props.entity.name);

  useEffect(() => {
    let live = true;
    store.get(props.appId, props.entity.id).then(
      (found) => live && setUsages(found.usages),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [store, props.appId, props.entity.id]);

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await store.remove(props.appId, props.entity.id, (usages?.length ?? 0) > 0);
      toasts.notify(EntityMessages.deleted(props.entity.name));
      props.onDeleted?.();
      props.onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        const detail = error.detail as { usages?: EntityUsage[] } | undefined;
        setUsages(detail?.usages ?? []);
      }
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const used = (usages?.length ?? 0) > 0;
  return (
    <Dialog isOpen onClose={props.onClose} title={`Delete ${name}`}>
      <DialogBody>
        {failure && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {failure}
          </Callout>
        )}
        {usages === null && !failure && <Spinner size={20} aria-label="Checking where it is used" />}
        {usages !== null && !used && <p>{Messages.confirmDelete}</p>}
        {used && usages && (
          <>
            <p>
              {name} is used by {usages.length} {usages.length === 1 ? 'intent' : 'intents'}:
            </p>
            <UsageList appId={props.appId} usages={usages} />
            <p>Deleting it removes its tags from those training phrases and removes the parameters of its type.</p>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button intent="danger" text={used ? 'Delete with its usages' : 'Delete'} disabled={usages === null} loading={busy} onClick={() => void remove()} />
          </>
        }
      />
    </Dialog>
  );
}
