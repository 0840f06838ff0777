import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, ToastService } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { errorMessage, useService } from '@civic/sdk/web';
import { KbApi, type NamedRef } from '../common/api';

type Choice = 'keep' | 'add' | 'remove';

interface Props {
  appId: string;
  intentIds: string[];
  categories: NamedRef[];
  labels: NamedRef[];
  onClose(changed: boolean): void;
}

/** Adds or removes categories and labels on the selected intents in one call. */
export function BulkClassifyDialog({ appId, intentIds, categories, labels, onClose }: Props) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const cycle = (id: string) => setChoices((c) => ({ ...c, [id]: c[id] === 'add' ? 'remove' : c[id] === 'remove' ? 'keep' : 'add' }));
  const pick = (items: NamedRef[], choice: Choice) => items.filter((i) => choices[i.id] === choice).map((i) => i.id);

  async function apply() {
    setBusy(true);
    setError('');
    try {
      await api.post(KbApi.classification(appId), {
        intentIds,
        addCategoryIds: pick(categories, 'add'),
        removeCategoryIds: pick(categories, 'remove'),
        addLabelIds: pick(labels, 'add'),
        removeLabelIds: pick(labels, 'remove'),
      });
      toasts.notify(Messages.saved);
      onClose(true);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  const group = (title: string, items: NamedRef[]) => (
    <fieldset className="civic-kb-stack">
      <legend>{title}</legend>
      {items.length === 0 && <p>None in this app yet.</p>}
      {items.map((item) => (
        <Checkbox
          key={item.id}
          checked={choices[item.id] === 'add'}
          indeterminate={choices[item.id] === 'remove'}
          label={`${item.name}${choices[item.id] === 'add' ? ' (add)' : choices[item.id] === 'remove' ? ' (remove)' : ''}`}
          onChange={() => cycle(item.id)}
        />
      ))}
    </fieldset>
  );

  return (
    <Dialog isOpen title={`Categories and labels of ${intentIds.length} selected`} onClose={() => onClose(false)}>
      <DialogBody>
        <p>Click once to add to every selected intent, twice to remove, three times to leave as is.</p>
        {group('Categories', categories)}
        {group('Labels', labels)}
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(false)} />
            <Button intent="primary" text="Apply" loading={busy} onClick={() => void apply()} />
          </>
        }
      />
    </Dialog>
  );
}
