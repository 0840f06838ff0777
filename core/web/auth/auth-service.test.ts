import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { screen, waitFor } from '@testing-library/react';
import { renderConsoleInTestApp, testUser } from '@civic/core/web/testing';
import { ApiError } from '../api/api-error';
import { authConfig } from './pages/identity-test-support';

/** An unsigned JWT-shaped token with these claims: the browser only reads them. */
const tokenWith = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

afterEach(() => localStorage.clear());

describe('AuthService.restore', () => {
  it('keeps a half-signed-in user on /twofa-otp across a reload (issue 21)', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const { pathname, api } = await renderConsoleInTestApp({
      route: '/twofa-otp',
      user: null,
      storedToken: tokenWith({ typ: 'otp-step', sub: 'u1', exp }),
      api: {
        [`GET ${CoreApi.authConfig}`]: authConfig,
        [`GET ${CoreApi.me}`]: () => {
          throw new ApiError(401, 'Unauthorized');
        },
        [`GET ${CoreApi.otpPending}`]: testUser({ authLevel: 1 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'One-time code' })).toBeTruthy();
    expect(pathname()).toBe('/twofa-otp');
    expect(api.callsTo('GET', CoreApi.me)).toHaveLength(0);
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull());
  });
});
