import { ApiClient, FormField, useService } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { AdminApi, type AgencyItem } from '../common/api';
import { AgencyDto } from '../common/agency.dto';

/** Create or rename an agency, checked with the server's DTO (fetched with the first opening). */
export function AgencyDialog(props: { agency: AgencyItem | null; isOpen: boolean; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const form = useDtoForm('agency', AgencyDto, { name: props.agency?.name ?? '' }, (v) => ({ name: v.name.trim() }));
  const submit = useFormSubmit(form, {
    action: async () => {
      const body = { name: form.values.name.trim() };
      if (props.agency) await api.patch(AdminApi.agency(props.agency.id), body);
      else await api.post(AdminApi.agencies, body);
    },
    toast: props.agency ? 'Agency renamed' : 'Agency created',
    onSuccess: () => {
      props.onSaved();
      close();
    },
    fieldErrors: (error) => (error.status === 409 ? { name: error.message } : undefined),
  });
  const title = props.agency ? `Rename ${props.agency.name}` : 'New agency';

  function close() {
    form.reset();
    submit.clear();
    props.onClose();
  }

  return (
    <FormDialog isOpen={props.isOpen} title={title} submitText="Save" submit={submit} onClose={close}>
      <FormField form={form} field="name" label="Agency name" autoComplete="off" />
    </FormDialog>
  );
}
