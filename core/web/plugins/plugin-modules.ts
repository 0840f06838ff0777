import type { Container, ContainerModule } from 'inversify';
import { observable, runInAction } from 'mobx';

export type ModuleLoader = () => Promise<ContainerModule>;

/**
 * The enabled plugins' web modules (their stores and services), each loaded into the container the
 * first time something of that plugin is shown — one of its pages or settings tabs, or a sidebar
 * badge it counts — rather than all at start, so the first page carries only its own plugin's code.
 */
export const PluginModules = Symbol('PluginModules');
export interface PluginModules {
  /** Plugins whose module is in the container; observable, so views reading bindings re-render. */
  readonly loaded: ReadonlySet<string>;
  /** Whether the plugin has a web module to load (loaded or not). */
  hasModule(pluginId: string): boolean;
  /** Loads the plugin's module once (concurrent callers share the load); resolves at once without one. */
  ensure(pluginId: string): Promise<void>;
}

export class PluginModulesImpl implements PluginModules {
  readonly loaded = observable.set<string>();
  readonly #pending = new Map<string, Promise<void>>();

  constructor(
    private readonly container: Container,
    private readonly loaders: ReadonlyMap<string, ModuleLoader>,
  ) {
  }

  hasModule(pluginId: string): boolean {
    return this.loaders.has(pluginId);
  }

  ensure(pluginId: string): Promise<void> {
    const loader = this.loaders.get(pluginId);
    if (!loader || this.loaded.has(pluginId)) return Promise.resolve();
    let pending = this.#pending.get(pluginId);
    if (!pending) {
      pending = loader().then(
        (module) => {
          this.container.load(module);
          runInAction(() => this.loaded.add(pluginId));
        },
        (error: unknown) => {
          // A failed download may succeed later (flaky network): let the next caller try again.
          this.#pending.delete(pluginId);
          throw error;
        },
      );
      this.#pending.set(pluginId, pending);
    }
    return pending;
  }
}
