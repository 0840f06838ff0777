import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { renderConsoleInTestApp, testUser, type FakeRequest } from '@civic/core/web/testing';
import { ApiError } from '../api/api-error';

const keyBytes = crypto.getRandomValues(new Uint8Array(32));
const loginKey = btoa(String.fromCharCode(...keyBytes));
const authConfig = { loginKey, twoFactor: false, captcha: false, ssoEnabled: false };
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** What the server does with the password field: split, AES-GCM decrypt with the login key. */
async function decryptLoginPassword(field: string): Promise<string> {
  const [iv, ciphertext] = field.split(':');
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, key, fromBase64(ciphertext));
  return new TextDecoder().decode(plain);
}

async function renderLogin(login: (request: FakeRequest) => unknown, route = '/login') {
  const app = await renderConsoleInTestApp({
    route,
    api: { [`GET ${CoreApi.authConfig}`]: authConfig, [`POST ${CoreApi.login}`]: login },
  });
  const email = await screen.findByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Sign in' });
  return { ...app, email, password, submit };
}

const succeed = () => ({ token: 'fresh-token', user: testUser({ name: 'Edna Editor' }) });

describe('LoginPage', () => {
  afterEach(() => localStorage.clear());

  it('is where signed-out visitors land, with labelled fields and the email focused', async () => {
    const { email, pathname } = await renderLogin(succeed, '/dashboard');
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('autocomplete')).toBe('username');
  });

  it('validates with the LoginDto messages on blur and on submit, focusing the first invalid field', async () => {
    const { email, password, submit, api } = await renderLogin(succeed);
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    expect(screen.getByText(Messages.invalidEmail)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(Messages.invalidEmail);

    await userEvent.click(submit);
    expect(document.activeElement).toBe(email);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', CoreApi.login)).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'editor@demo.gov.sg');
    expect(screen.queryByText(Messages.invalidEmail)).toBeNull();
    await userEvent.click(submit);
    expect(document.activeElement).toBe(password);
  });

  it('sends the password as base64(iv):base64(ciphertext) of "password|unix seconds" under the login key', async () => {
    const { email, password, submit, api } = await renderLogin(succeed);
    await userEvent.type(email, '  editor@demo.gov.sg ');
    await userEvent.type(password, 'Correct horse|battery 9');
    const before = Math.floor(Date.now() / 1000);
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST', CoreApi.login)).toHaveLength(1));

    const body = api.callsTo('POST', CoreApi.login)[0].body as { email: string; password: string };
    expect(body.email).toBe('editor@demo.gov.sg');
    expect(body.password).toMatch(/^[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}$/);
    expect(fromBase64(body.password.split(':')[0])).toHaveLength(12);
    const plain = await decryptLoginPassword(body.password);
    const [secret, seconds] = [plain.slice(0, plain.lastIndexOf('|')), Number(plain.slice(plain.lastIndexOf('|') + 1))];
    expect(secret).toBe('Correct horse|battery 9');
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('stores the token and lands on /dashboard', async () => {
    const { email, password, submit, pathname } = await renderLogin(succeed);
    await userEvent.type(email, 'editor@demo.gov.sg');
    await userEvent.type(password, 'a password');
    await userEvent.click(submit);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('returns to the page that sent the user to sign in', async () => {
    const { email, password, submit, pathname } = await renderLogin(succeed, '/my-workspace/a1');
    expect(pathname()).toBe('/login');
    await userEvent.type(email, 'editor@demo.gov.sg');
    await userEvent.type(password, 'a password');
    await userEvent.click(submit);
    await waitFor(() => expect(pathname()).toBe('/my-workspace/a1'));
  });

  it("shows the server's message in an alert and clears the password", async () => {
    const { email, password, submit, pathname } = await renderLogin(() => {
      throw new ApiError(401, Messages.loginFailed, { detail: { failedLoginCounter: 1, isLocked: false } });
    });
    await userEvent.type(email, 'editor@demo.gov.sg');
    await userEvent.type(password, 'wrong password');
    await userEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(Messages.loginFailed);
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
