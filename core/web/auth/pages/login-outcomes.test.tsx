import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { renderConsoleInTestApp, testUser } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';
import { authConfig, GOOD, render } from './identity-test-support';

afterEach(() => localStorage.clear());

describe('/login outcomes', () => {
  it('goes to /locked-account when the answer says locked', async () => {
    const { pathname } = await render('/login', {
      [`POST ${CoreApi.login}`]: () => {
        throw new ApiError(401, Messages.loginFailed, { detail: { failedLoginCounter: 5, isLocked: true } });
      },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'a@agency.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/locked-account'));
    expect(await screen.findByRole('heading', { name: 'Account locked' })).toBeTruthy();
    expect(screen.getByText(/is locked for 30 minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('an account an administrator locked says so, not "try again later" (told only to whoever knew the password)', async () => {
    const { pathname } = await render('/login', {
      [`POST ${CoreApi.login}`]: () => {
        throw new ApiError(401, Messages.loginFailed, { detail: { failedLoginCounter: 0, isLocked: true, lockedByAdmin: true } });
      },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'a@agency.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/locked-account'));
    expect(await screen.findByText(Messages.lockedByAdmin)).toBeTruthy();
    expect(screen.queryByText(/try again after/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it("/locked-account states the deployment's lock time", async () => {
    await renderConsoleInTestApp({ route: '/locked-account', user: null, config: { lockMinutes: 120 }, api: { [`GET ${CoreApi.authConfig}`]: authConfig } });
    expect(await screen.findByText(/is locked for 2 hours\./)).toBeTruthy();
    expect(screen.getByText(/Please try again after 2 hours\./)).toBeTruthy();
    expect(screen.queryByText(/30 minutes/)).toBeNull();
  });

  it('links to forgot password and signup, and offers SSO as a full page navigation when on', async () => {
    await render('/login', { [`GET ${CoreApi.authConfig}`]: { ...authConfig, ssoEnabled: true } });
    expect((await screen.findByRole('link', { name: 'Sign in with SSO' })).getAttribute('href')).toBe(CoreApi.ssoLogin);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('trades the SSO callback code for a session, once, and says when SSO failed', async () => {
    const { api, pathname, unmount } = await render('/login?ssoCode=one-time', { [`POST ${CoreApi.ssoExchange}`]: { token: 'sso-token', user: testUser() } });
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(api.callsTo('POST', CoreApi.ssoExchange)[0].body).toEqual({ code: 'one-time' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('sso-token');
    unmount();
    localStorage.clear();
    await render('/login?ssoError=1');
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.ssoFailed);
  });

  it('with two-factor on, the OTP-step answer leads to /twofa-otp', async () => {
    const { pathname } = await render('/login', {
      [`POST ${CoreApi.login}`]: { token: 'otp-step', user: testUser({ authLevel: 1 }), otpRequired: true },
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'editor@demo.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/twofa-otp'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('otp-step');
  });
});

describe('the deep link survives sign-in (issue 21)', () => {
  it('returns to the page that sent the user to /login, through the one-time-code step', async () => {
    const { pathname, api } = await render('/settings', {
      [`POST ${CoreApi.login}`]: { token: 'otp-step', user: testUser({ authLevel: 1 }), otpRequired: true },
      [`POST ${CoreApi.otpVerify}`]: { token: 'full', user: testUser() },
    });
    await waitFor(() => expect(pathname()).toBe('/login'));
    await userEvent.type(await screen.findByLabelText('Email'), 'editor@demo.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/twofa-otp'));
    await userEvent.type(await screen.findByLabelText(/One-time code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('POST', CoreApi.otpVerify)).toHaveLength(1));
    await waitFor(() => expect(pathname()).toBe('/settings'));
  });
});
