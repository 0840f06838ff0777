import { getDependencyTree, Reaction } from 'mobx';
import { memo, startTransition, useDebugValue, useEffect, useReducer, useRef, type FunctionComponent, type NamedExoticComponent } from 'react';

/**
 * MobX's `observer` (as mobx-react-lite's: the component re-renders when an observable it read
 * changes), with one difference in when. mobx-react-lite subscribes through
 * `useSyncExternalStore`, whose updates React always renders synchronously, in one piece: when a
 * list's answer arrives, the whole table mounts in one long task, and a phone's browser can neither
 * paint nor take input until it ends. Here a change that did not come from the user's own input
 * (an answer arriving, a timer) re-renders as a transition, which React renders in slices of a few
 * milliseconds; a change made while an input event is handled (typing, a click) re-renders at once,
 * as it must for a controlled field to keep its caret.
 *
 * What it gives up: within one transition, components rendered in different slices may read the
 * stores at slightly different moments; the next change renders them all again.
 */
export function observer<P extends object>(component: FunctionComponent<P>): NamedExoticComponent<P> {
  const name = component.displayName || component.name;
  function Observed(props: P) {
    return useObserver(() => component(props), name);
  }
  Observed.displayName = name;
  const memoised = memo(Observed);
  memoised.displayName = name;
  return memoised;
}

interface Administration {
  /** Null once disposed: by unmounting, or by the registry when a render was never mounted. */
  reaction: Reaction | null;
  /** Ticks with every change the reaction saw. */
  version: number;
  /** The mounted component's re-render; null until it mounts. */
  onChange: (() => void) | null;
  name: string;
}

/**
 * A render React abandons (concurrent rendering, Suspense) never mounts, so nothing would dispose of
 * its reaction: the registry does once the render's ref is collected.
 */
const abandoned = new FinalizationRegistry<Administration>((adm) => {
  adm.reaction?.dispose();
  adm.reaction = null;
});

function createReaction(adm: Administration): void {
  adm.reaction = new Reaction(`observer${adm.name}`, () => {
    adm.version++;
    adm.onChange?.();
  });
}

/** Input the user gave: its consequences render at once. */
const USER_INPUT = /^(?:click|dblclick|auxclick|contextmenu|(?:before)?input|change|submit|reset|key|pointer|mouse|touch|focus|blur|paste|cut|copy|drag|drop|composition|select|wheel)/;

function isHandlingUserInput(): boolean {
  // `window.event`: the event whose listeners are running, if any (MobX runs the reaction at the
  // end of the action, still inside the listener).
  const event = typeof window === 'undefined' ? undefined : (window as { event?: Event }).event;
  return event !== undefined && USER_INPUT.test(event.type);
}

const step = (count: number) => count + 1;

export function useObserver<T>(render: () => T, name = 'observed'): T {
  const admRef = useRef<Administration | null>(null);
  admRef.current ??= { reaction: null, version: 0, onChange: null, name };
  const adm = admRef.current;
  if (!adm.reaction) {
    createReaction(adm);
    abandoned.register(admRef, adm, adm);
  }
  useDebugValue(adm.reaction, (reaction) => (reaction ? getDependencyTree(reaction) : undefined));
  const [, rerender] = useReducer(step, 0);
  const renderedVersion = adm.version;

  useEffect(() => {
    abandoned.unregister(adm);
    adm.onChange = () => (isHandlingUserInput() ? rerender() : startTransition(rerender));
    if (!adm.reaction) {
      // Disposed before it mounted (the registry, or StrictMode's unmount and mount): the new
      // reaction has read nothing yet, so render again to track.
      createReaction(adm);
      rerender();
    } else if (adm.version !== renderedVersion) {
      // Changed between the render and now.
      rerender();
    }
    return () => {
      adm.onChange = null;
      adm.reaction?.dispose();
      adm.reaction = null;
    };
    // Once per mount: the reaction re-tracks on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let result!: T;
  let failure: unknown;
  let failed = false;
  adm.reaction!.track(() => {
    try {
      result = render();
    } catch (error) {
      failure = error;
      failed = true;
    }
  });
  if (failed) throw failure;
  return result;
}
