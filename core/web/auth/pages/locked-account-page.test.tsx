import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { ApiError } from '../../api/api-error';
import { render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/locked-account', () => {
  it('without a link: when to try again and the way out', async () => {
    await render('/locked-account', {});
    expect(await screen.findByText(/the mail we sent you has a link that unlocks it now/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('from the account-locked mail: unlocks with one click', async () => {
    const { api } = await render('/locked-account?token=unlock-1', { [`POST ${CoreApi.unlockAccount}`]: { message: Messages.accountUnlocked } });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock account' }));
    expect(await screen.findByText(Messages.accountUnlocked)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.unlockAccount)[0].body).toEqual({ token: 'unlock-1' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('a used or expired link says so', async () => {
    await render('/locked-account?token=old', {
      [`POST ${CoreApi.unlockAccount}`]: () => {
        throw new ApiError(401, Messages.unlockLinkExpired);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock account' }));
    expect(await screen.findByText(Messages.unlockLinkExpired)).toBeTruthy();
  });
});
