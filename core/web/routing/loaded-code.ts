/** Modules a page load started early that have arrived, by the key they were started under. */
const arrived = new WeakMap<object, unknown>();

/**
 * Starts loading a screen's code ahead of its first render (startPageEarly) and keeps the module
 * under `key` once it has arrived, for `loadedOr`.
 */
export function preload<T>(key: object, load: () => Promise<T>): Promise<T> {
  return load().then((module) => {
    arrived.set(key, module);
    return module;
  });
}

/**
 * A React.lazy factory that answers at once with what `preload` brought under `key`, else loads.
 * React renders a lazy component whose factory calls back synchronously in the same commit as its
 * parent, so a screen whose code came early never shows its fallback, nor waits for React's
 * throttle on revealing content after a fallback (300 ms) to replace it.
 */
export function loadedOr<T>(key: object, load: () => Promise<T>): () => Promise<T> {
  return () => (arrived.has(key) ? settled(arrived.get(key) as T) : load());
}

/** A thenable that calls back synchronously: React.lazy then reads it as resolved on the spot. */
function settled<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then: (onFulfilled, onRejected) => {
      try {
        return Promise.resolve(onFulfilled ? onFulfilled(value) : (value as never));
      } catch (error) {
        return onRejected ? Promise.resolve(onRejected(error)) : Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  // React.lazy only calls `then`; nothing else reads this as a Promise.
  return thenable as Promise<T>;
}
