import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { testUser } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';
import { GOOD, render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/settings/reset-password', () => {
  it('holds a user who never reset their password, checks the DTO, then lets them in', async () => {
    const fresh = testUser({ hasResetPassword: false });
    const { api, pathname } = await render(
      '/dashboard',
      {
        [`POST ${CoreApi.changePassword}`]: () => ({ token: 'renewed', user: testUser() }),
      },
      fresh,
    );
    await waitFor(() => expect(pathname()).toBe('/settings/reset-password'));
    expect(await screen.findByText(Messages.passwordChangeRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Current password'), GOOD);
    await userEvent.type(screen.getByLabelText('New password'), GOOD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(Messages.passwordSameAsOld)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.changePassword)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-Passw0rd-123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('renewed');
  });

  it('shows a wrong current password on its field', async () => {
    await render(
      '/settings/reset-password',
      {
        [`POST ${CoreApi.changePassword}`]: () => {
          throw new ApiError(422, Messages.oldPasswordWrong, { fields: { oldPassword: [Messages.oldPasswordWrong] } });
        },
      },
      testUser(),
    );
    await userEvent.type(await screen.findByLabelText('Current password'), 'Old-Passw0rd-123');
    await userEvent.type(screen.getByLabelText('New password'), GOOD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(Messages.oldPasswordWrong)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
  });
});
