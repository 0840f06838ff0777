import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { renderConsoleInTestApp, testUser, type FakeHandler } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';

const authConfig = { loginKey: btoa('k'.repeat(32)), twoFactor: true, captcha: false, ssoEnabled: false, allowedEmailDomains: ['gov.sg'] };
const GOOD = 'Brand-new-Passw0rd';

function render(route: string, api: Record<string, FakeHandler> = {}, user = null as ReturnType<typeof testUser> | null) {
  return renderConsoleInTestApp({ route, user, api: { [`GET ${CoreApi.authConfig}`]: authConfig, ...api } });
}

afterEach(() => localStorage.clear());

describe('/signup', () => {
  it('checks name, email domain and password rules with the §8 messages, then shows "check your email"', async () => {
    const { api } = await render('/signup', { [`POST ${CoreApi.signup}`]: { message: Messages.signupReceived } });
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'x'.repeat(51));
    await userEvent.tab();
    expect(screen.getByText(Messages.only50Characters)).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Sam Signup');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(Messages.passwordLength)).toBeTruthy();
    expect(screen.getByText(Messages.passwordsDoNotMatch)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), GOOD);
    expect(screen.getByText(/Same as the confirmation/).textContent).toContain('(met)');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(Messages.emailDomainNotAllowed)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@agency.gov.sg');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(Messages.signupReceived)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)[0].body).toEqual({ name: 'Sam Signup', email: 'sam@agency.gov.sg', password: GOOD, confirmPassword: GOOD });
  });

  it('shows the captcha only when the deployment turns it on, and asks for it before sending', async () => {
    const { api } = await render('/signup', { [`GET ${CoreApi.authConfig}`]: { ...authConfig, captcha: true } });
    expect(await screen.findByRole('checkbox', { name: 'I am not a robot' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@agency.gov.sg');
    await userEvent.type(screen.getByLabelText('Password'), GOOD);
    await userEvent.type(screen.getByLabelText('Confirm password'), GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(Messages.captchaFailed)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.signup)).toHaveLength(0);
  });
});

describe('/forgot-password', () => {
  it('shows the same confirmation whatever the email', async () => {
    const { api } = await render('/forgot-password', { [`POST ${CoreApi.forgotPassword}`]: { message: Messages.forgotPasswordSent } });
    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@agency.gov.sg');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(Messages.forgotPasswordSent)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.forgotPassword)[0].body).toEqual({ email: 'nobody@agency.gov.sg' });
  });
});

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

describe('/account-activation', () => {
  it('activates from the mailed link with one click', async () => {
    const { api } = await render('/account-activation?token=act-1', { [`POST ${CoreApi.activate}`]: { message: Messages.accountActivated } });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText(Messages.accountActivated)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.activate)[0].body).toEqual({ token: 'act-1' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
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

describe('/twofa-otp', () => {
  const halfway = testUser({ authLevel: 1 });

  it('says a wrong code is wrong, resends, and signs in with the right one', async () => {
    const { api, pathname } = await render(
      '/twofa-otp',
      {
        [`POST ${CoreApi.otpVerify}`]: ({ body }: { body: { otp: string } }) => {
          if (body.otp !== '123456') throw new ApiError(401, Messages.wrongOtp, { detail: { attemptEnded: false } });
          return { token: 'full-token', user: testUser() };
        },
        [`POST ${CoreApi.otpResend}`]: { message: Messages.otpResent },
      },
      halfway,
    );
    expect(await screen.findByRole('heading', { name: 'One-time code' })).toBeTruthy();
    expect(screen.getByText(/authenticator app/)).toBeTruthy();
    const code = screen.getByLabelText('One-time code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(Messages.wrongOtp)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.otpVerify)).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(Messages.wrongOtp)).toBeTruthy();
    expect(pathname()).toBe('/twofa-otp');

    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(Messages.otpResent)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('One-time code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('full-token');
  });

  it('an ended attempt goes back to /login', async () => {
    const { pathname } = await render(
      '/twofa-otp',
      {
        [`POST ${CoreApi.otpVerify}`]: () => {
          throw new ApiError(401, Messages.otpAttemptEnded, { detail: { attemptEnded: true } });
        },
      },
      halfway,
    );
    await userEvent.type(await screen.findByLabelText('One-time code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('is held on by the guard: a half-signed-in user cannot open other pages', async () => {
    const { pathname } = await render('/settings', {}, halfway);
    await waitFor(() => expect(pathname()).toBe('/twofa-otp'));
  });
});

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

describe('/settings', () => {
  it("shows the account, and sets up an authenticator app with a QR code, its secret and a code", async () => {
    const { api } = await render(
      '/settings',
      {
        [`POST ${CoreApi.totpEnrol}`]: { otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' },
        [`POST ${CoreApi.totpConfirm}`]: ({ body }: { body: { code: string } }) => {
          if (body.code !== '123456') throw new ApiError(422, Messages.wrongOtp, { fields: { code: [Messages.wrongOtp] } });
          return { message: Messages.saved };
        },
      },
      testUser(),
    );
    expect(await screen.findByText('editor@demo.gov.sg')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/settings/reset-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code for setting up your authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from the app'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(Messages.wrongOtp)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/authenticator app is set up/)).toBeTruthy();
    expect(api.callsTo('POST', CoreApi.totpConfirm)).toHaveLength(2);
    // Enrolled now: only removing is offered.
    expect(screen.getByRole('button', { name: 'Remove authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('offers only "Set up" when no authenticator app is enrolled', async () => {
    await render('/settings', { [`GET ${CoreApi.me}`]: { ...testUser(), hasTotp: false } }, testUser());
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
  });

  it('offers only "Remove" when enrolled, and removing needs the current password', async () => {
    const { api } = await render(
      '/settings',
      {
        [`GET ${CoreApi.me}`]: { ...testUser(), hasTotp: true },
        [`DELETE ${CoreApi.totp}`]: ({ body }: { body: { password: string } }) => {
          if (body.password !== 'Current-Passw0rd') {
            throw new ApiError(422, Messages.currentPasswordWrong, { fields: { password: [Messages.currentPasswordWrong] } });
          }
          return { message: Messages.saved };
        },
      },
      testUser(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove authenticator app' }));
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(screen.getByText(Messages.currentPasswordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(api.callsTo('DELETE', CoreApi.totp)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Current password'), 'Wrong-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(await screen.findByText(Messages.currentPasswordWrong)).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Current-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    expect(await screen.findByText(/authenticator app is removed/)).toBeTruthy();
    expect(api.callsTo('DELETE', CoreApi.totp).map((c) => c.body)).toEqual([{ password: 'Wrong-Passw0rd' }, { password: 'Current-Passw0rd' }]);
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
  });

  it('shows SETTINGS in the user menu', async () => {
    await render('/settings', {}, testUser());
    await userEvent.click(await screen.findByRole('button', { name: /Edna Editor/ }));
    expect(await screen.findByRole('menuitem', { name: 'SETTINGS' })).toBeTruthy();
  });
});
