/**
 * MobX for plugin stores. MobX 7 has no legacy decorators: use `makeObservable(this, {...})` or
 * `makeAutoObservable(this)` in the constructor, and `observer` for components that read stores.
 */
export {
  action,
  autorun,
  computed,
  flow,
  makeAutoObservable,
  makeObservable,
  observable,
  observableRef,
  observableShallow,
  reaction,
  runInAction,
  toJS,
  when,
} from 'mobx';
export type { IReactionDisposer } from 'mobx';
// observer: MobX's, rendering changes that are not the user's input as transitions (core/web/mobx/observer.ts).
export { observer } from '@civic/core/web/mobx/observer';
export { useLocalObservable } from 'mobx-react-lite';
