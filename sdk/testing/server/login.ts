import crypto from 'node:crypto';
import type { Got } from 'got';
import { call, type ApiResponse } from './api-call';
import { TEST_PASSWORD } from './fixtures';

/**
 * The browser's login encryption (§7), in Node: WebCrypto AES-GCM with a random 12-byte IV over
 * `<password>|<unix seconds>`, sent as base64(iv):base64(ciphertext‖tag). Deliberately not the
 * server's own helper, so a mismatch between the two sides would show.
 */
export async function encryptPassword(loginKeyBase64: string, password: string, unixSeconds: number, iv = crypto.randomBytes(12)): Promise<string> {
  const key = await crypto.webcrypto.subtle.importKey('raw', Buffer.from(loginKeyBase64, 'base64'), 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(`${password}|${unixSeconds}`));
  return `${iv.toString('base64')}:${Buffer.from(sealed).toString('base64')}`;
}

export async function fetchLoginKey(http: Got): Promise<string> {
  const response = await call(http, 'GET', '/api/v1/auth/config');
  return response.body.data.loginKey as string;
}

/** Signs in like the browser and returns the response (status and body) as is. */
export async function postLogin(http: Got, email: string, password = TEST_PASSWORD, unixSeconds = Math.floor(Date.now() / 1000)): Promise<ApiResponse> {
  const encrypted = await encryptPassword(await fetchLoginKey(http), password, unixSeconds);
  return call(http, 'POST', '/api/v1/auth/login', { json: { email, password: encrypted } });
}

/** Signs in and returns the token; fails the test when sign-in fails. */
export async function signIn(http: Got, email: string, password = TEST_PASSWORD, unixSeconds?: number): Promise<string> {
  const response = await postLogin(http, email, password, unixSeconds);
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.token as string;
}
