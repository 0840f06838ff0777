import type { DbExecutor } from '../db/database';

/** Runs inside the transaction that created the app; a failure rolls the app back too. */
export type AppCreatedHandler = (tx: DbExecutor, appId: string) => Promise<void>;

/**
 * What happens when an app is born. Whoever creates apps (chat app management, the seed) calls
 * `created` in its transaction; plugins that give every new app something (the default intents,
 * web chat settings …) register with `onCreated` at mount.
 */
export class AppLifecycle {
  readonly #created: Array<{ owner: string; handler: AppCreatedHandler }> = [];

  onCreated(owner: string, handler: AppCreatedHandler): void {
    this.#created.push({ owner, handler });
  }

  async created(tx: DbExecutor, appId: string): Promise<void> {
    for (const { handler } of this.#created) await handler(tx, appId);
  }
}
