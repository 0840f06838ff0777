import { injectable } from 'inversify';

/**
 * The ApiClient learns that a session expired; the AuthService acts on it. This small event hub
 * keeps the two apart (AuthService calls the ApiClient, so the ApiClient cannot call it back).
 */
export const SessionEvents = Symbol('SessionEvents');
export interface SessionEvents {
  onExpired(listener: () => void): () => void;
  emitExpired(): void;
}

@injectable()
export class SessionEventsImpl implements SessionEvents {
  private readonly listeners = new Set<() => void>();

  onExpired(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitExpired(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
