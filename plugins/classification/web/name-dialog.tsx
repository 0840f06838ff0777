import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@civic/sdk/web/blueprint';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { errorMessage, FormField, isApiError, ToastService, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import type { ClassItem } from '../common/api';
import { CategoryDto, LabelDto } from '../common/classification.dto';
import type { ClassList } from './classification-store';

/** Create or rename: one name field validated with the server's DTO. */
export function NameDialog(props: { appId: string; list: ClassList; noun: 'category' | 'label'; helper: string; item: ClassItem | null; onClose: () => void }) {
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm(`${props.noun}-name`, props.noun === 'category' ? CategoryDto : LabelDto, { name: props.item?.name ?? '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const Noun = props.noun === 'category' ? 'Category' : 'Label';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = props.item ? await props.list.rename(props.appId, props.item.id, form.values.name) : await props.list.create(props.appId, form.values.name);
      toasts.notify(props.item ? `${Noun} renamed to ${saved.name}` : `${Noun} ${saved.name} created`);
      props.onClose();
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors(error.fields, ['name'] as const) : {};
      if (fields.name) form.showErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const title = props.item ? `Rename ${props.noun} ${props.item.name}` : `Create ${props.noun}`;
  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormField form={form} field="name" label={`${Noun} name`} helper={props.helper} autoComplete="off" autoFocus />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text={props.item ? 'Rename' : 'Create'} loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
