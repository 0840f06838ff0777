import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { testUser } from '@civic/core/web/testing';
import { ApiError } from '../../api/api-error';
import { render } from './identity-test-support';

afterEach(() => localStorage.clear());

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
