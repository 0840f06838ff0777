import { FormField } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import type { ClassItem } from '../common/api';
import { CategoryDto, LabelDto } from '../common/classification.dto';
import type { ClassList } from './classification-store';

/** Create or rename: one name field validated with the server's DTO. */
export function NameDialog(props: { appId: string; list: ClassList; noun: 'category' | 'label'; helper: string; item: ClassItem | null; onClose: () => void }) {
  const form = useDtoForm(`${props.noun}-name`, props.noun === 'category' ? CategoryDto : LabelDto, { name: props.item?.name ?? '' });
  const Noun = props.noun === 'category' ? 'Category' : 'Label';
  const submit = useFormSubmit(form, {
    action: () => (props.item ? props.list.rename(props.appId, props.item.id, form.values.name) : props.list.create(props.appId, form.values.name)),
    toast: (saved) => (props.item ? `${Noun} renamed to ${saved.name}` : `${Noun} ${saved.name} created`),
    onSuccess: props.onClose,
  });

  const title = props.item ? `Rename ${props.noun} ${props.item.name}` : `Create ${props.noun}`;
  return (
    <FormDialog isOpen title={title} submitText={props.item ? 'Rename' : 'Create'} submit={submit} onClose={props.onClose}>
      <FormField form={form} field="name" label={`${Noun} name`} helper={props.helper} autoComplete="off" autoFocus />
    </FormDialog>
  );
}
