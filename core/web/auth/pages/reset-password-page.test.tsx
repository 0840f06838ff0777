import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { ApiError } from '../../api/api-error';
import { GOOD, render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/reset-password', () => {
  it('clears the form on request, and sets the password with the link token', async () => {
    const { api } = await render('/reset-password?token=tok-1', { [`POST ${CoreApi.resetPassword}`]: { message: Messages.passwordUpdated } });
    const password = await screen.findByLabelText('New password');
    await userEvent.type(password, 'typo');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect((password as HTMLInputElement).value).toBe('');
    await userEvent.type(password, GOOD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(Messages.passwordUpdated)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.resetPassword)[0].body).toEqual({ token: 'tok-1', password: GOOD, confirmPassword: GOOD });
  });

  it('says an expired link has expired and links to a new one', async () => {
    await render('/reset-password?token=old', {
      [`POST ${CoreApi.resetPassword}`]: () => {
        throw new ApiError(401, Messages.resetLinkExpired);
      },
    });
    await userEvent.type(await screen.findByLabelText('New password'), GOOD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.resetLinkExpired);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
