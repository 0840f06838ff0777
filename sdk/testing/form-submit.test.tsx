import { IsEmail } from 'class-validator';
import { useState } from '@civic/sdk/web/react';
import { ApiError, FormField } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { renderInTestApp, screen, userEvent, waitFor } from '@civic/sdk/testing';

class EmailDto {
  @IsEmail({}, { message: 'Enter a valid email' })
  email!: string;
}

/** A dialog as a plugin writes it: one DTO form, one submit hook, the shared dialog. */
function InviteDialog({ send, onClosed }: { send: (email: string) => Promise<{ email: string }>; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const form = useDtoForm('t', EmailDto, { email: '' });
  const submit = useFormSubmit(form, {
    action: () => send(form.values.email),
    toast: (sent) => `Invited ${sent.email}`,
    onSuccess: close,
    fieldErrors: (error) => (error.status === 409 ? { email: 'Already a member' } : undefined),
  });
  function close() {
    form.reset();
    submit.clear();
    setOpen(false);
    onClosed();
  }
  return (
    <FormDialog isOpen={open} title="Invite" description="They get a mail." submitText="Send" submit={submit} onClose={close}>
      <FormField form={form} field="email" label="Email" />
    </FormDialog>
  );
}

async function renderDialog(send: (email: string) => Promise<{ email: string }>) {
  const closed = jest.fn();
  await renderInTestApp(<InviteDialog send={send} onClosed={closed} />);
  const type = (text: string) => userEvent.type(screen.getByLabelText('Email'), text);
  const press = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));
  return { closed, type, press };
}

describe('useFormSubmit with FormDialog', () => {
  it('checks the DTO first and calls nothing while the form is invalid', async () => {
    const send = jest.fn();
    const { press } = await renderDialog(send);
    await press();
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('toasts and closes on success', async () => {
    const { type, press, closed } = await renderDialog((email) => Promise.resolve({ email }));
    await type('a@b.gov.sg');
    await press();
    expect(await screen.findByText('Invited a@b.gov.sg')).toBeTruthy();
    expect(closed).toHaveBeenCalled();
  });

  it("puts a 422's field messages and the caller's field errors under the fields", async () => {
    const answers = [new ApiError(422, 'Invalid', { fields: { email: ['Not on an allowed domain'] } }), new ApiError(409, 'Taken')];
    const { type, press, closed } = await renderDialog(() => Promise.reject(answers.shift()));
    await type('a@b.com');
    await press();
    expect(await screen.findByText('Not on an allowed domain')).toBeTruthy();
    await press();
    expect(await screen.findByText('Already a member')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(closed).not.toHaveBeenCalled();
  });

  it("keeps the server's verdict when the field loses focus (the form must not shrink under a click on Cancel), and drops it on the next keystroke", async () => {
    const { type, press } = await renderDialog(() => Promise.reject(new ApiError(409, 'Taken')));
    await type('a@b.gov.sg');
    await press();
    expect(await screen.findByText('Already a member')).toBeTruthy();
    // Focus leaves the field (as the mouse goes down on Cancel): the message stays.
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText('Already a member')).toBeTruthy());
    await type('x');
    await waitFor(() => expect(screen.queryByText('Already a member')).toBeNull());
  });

  it('shows any other failure above the form, busy only while the call runs', async () => {
    let fail!: (error: Error) => void;
    const { type, press } = await renderDialog(() => new Promise((_, reject) => (fail = reject)));
    await type('a@b.gov.sg');
    await press();
    const send = screen.getByRole('button', { name: /Send/ });
    expect(send.className).toContain('loading');
    fail(new ApiError(500, 'Error encountered'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error encountered');
    await waitFor(() => expect(send.className).not.toContain('loading'));
  });
});
