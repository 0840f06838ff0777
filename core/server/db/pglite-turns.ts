import type { PGlite } from '@electric-sql/pglite';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs SQL synchronously on this thread and answers through promises alone, so a job's chain
 * of statements never lets the event loop reach the network: every request would wait until the whole
 * job is done, however short each of its transactions. Here each statement and transaction started
 * outside a transaction first waits for one turn of the loop, so requests that arrived meanwhile start
 * and queue their statements in between (PGlite takes them in order).
 */
export function yieldingClient(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query' || property === 'exec' || property === 'transaction') {
        return async (...args: unknown[]) => {
          await turn();
          return method.apply(target, args);
        };
      }
      return method.bind(target);
    },
  });
}
