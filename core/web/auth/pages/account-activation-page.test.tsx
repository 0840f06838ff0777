import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { testUser } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';
import { GOOD, render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/account-activation', () => {
  it('activates from the mailed link with one click', async () => {
    const { api } = await render('/account-activation?token=act-1', { [`POST ${CoreApi.activate}`]: { message: Messages.accountActivated } });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText(Messages.accountActivated)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.activate)[0].body).toEqual({ token: 'act-1' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('a used or superseded link offers to send a new one (issue 21)', async () => {
    const { api } = await render('/account-activation?token=act-old', {
      [`POST ${CoreApi.activate}`]: () => {
        throw new ApiError(401, Messages.activationLinkExpired);
      },
      [`POST ${CoreApi.activationResend}`]: { message: Messages.activationSent },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText(Messages.activationLinkExpired)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(Messages.activationSent)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.activationResend)[0].body).toEqual({ token: 'act-old' });
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('after a 403 on login: the verification-sent state, with a resend', async () => {
    const { api, pathname } = await render('/login', {
      [`POST ${CoreApi.login}`]: () => {
        throw new ApiError(403, Messages.activationRequired, { detail: { token: 'step-1', userId: 'u1' } });
      },
      [`POST ${CoreApi.activationResend}`]: { message: Messages.activationSent },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'new@agency.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/account-activation'));
    expect(await screen.findByText(Messages.activationRequired)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend activation email' }));
    expect(await screen.findByText(Messages.activationSent)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.activationResend)[0].body).toEqual({ token: 'step-1' });
  });

  it('sends signed-in users to the dashboard', async () => {
    const { pathname } = await render('/account-activation', {}, testUser());
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });
});
