import { useCallback, useState } from 'react';

/**
 * A part of the shell whose code is fetched on first use rather than with the first screen: the
 * user menu's and app switcher's popovers, the disabled entries' tooltip, the session timeout
 * dialog. Blueprint's overlays (popover, dialog, their positioning and transitions) are a large
 * share of the console's JavaScript, and the dashboard shows none of them until asked.
 */
export interface DeferredPart<M> {
  /** The module, once it has arrived. */
  readonly loaded: M | undefined;
  /** Fetches the module (once; a failed download is tried again on the next call). */
  load(): Promise<M>;
}

export function deferredPart<M>(importer: () => Promise<M>): DeferredPart<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The part's module for a component: `undefined` until the component `request`s it (then it
 * re-renders with it), or at once when an earlier use already fetched it. `prefetch` starts the
 * download without switching over (on hover or focus, so a click finds it there): the switch
 * replaces the component's elements, which only a deliberate request may do.
 */
export function useDeferredPart<M>(part: DeferredPart<M>): { module: M | undefined; request(): void; prefetch(): void } {
  const [module, setModule] = useState<M | undefined>(() => part.loaded);
  const request = useCallback(() => {
    // A failed download leaves the plain element in place; the next request tries again.
    part.load().then(setModule, () => undefined);
  }, [part]);
  const prefetch = useCallback(() => {
    part.load().catch(() => undefined);
  }, [part]);
  return { module, request, prefetch };
}
