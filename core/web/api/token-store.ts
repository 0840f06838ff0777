import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';

/** The session token in localStorage (§7), observable so the UI can react to it disappearing. */
export const TokenStore = Symbol('TokenStore');
export interface TokenStore {
  readonly token: string | null;
  set(token: string): void;
  clear(): void;
}

@injectable()
export class TokenStoreImpl implements TokenStore {
  token: string | null = readStoredToken();

  constructor() {
    makeObservable(this, { token: observable, set: action, clear: action });
  }

  set(token: string): void {
    this.token = token;
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Storage can be full or disabled (private mode); the token still lives for this page.
    }
  }

  clear(): void {
    this.token = null;
    try {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // See set().
    }
  }
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
