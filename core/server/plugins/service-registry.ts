/**
 * A typed name for a server service one plugin provides and others consume: declared in the
 * provider's `contract/server/`, its id prefixed by the provider's plugin id
 * (`knowledge-base.snapshots`). The type travels with the ref, so `get` needs no cast.
 */
export interface ServiceRef<T> {
  readonly id: string;
  /** Never set: carries T for the type checker only. */
  readonly __service?: T;
}

const REF_ID = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.[a-zA-Z][a-zA-Z0-9.-]*$/;

export function defineServiceRef<T>(id: string): ServiceRef<T> {
  if (!REF_ID.test(id)) throw new Error(`Service ref "${id}" must be "<plugin-id>.<name>"`);
  return Object.freeze({ id });
}

/**
 * A service a plugin declares statically on its server module (`services: [bindService(ref, impl)]`):
 * one that needs nothing from the mount (functions over a `DbExecutor`). The host provides these
 * before anything runs, so they are there for every plugin's demo seeder and mount.
 */
export interface ServiceBinding<T = unknown> {
  readonly ref: ServiceRef<T>;
  /** Made from the static services of the plugins this one requires (bound before it). */
  readonly create: (services: Pick<PluginServiceAccess, 'get' | 'find'>) => T;
}

export function bindService<T>(ref: ServiceRef<T>, implementation: T): ServiceBinding<T> {
  return { ref, create: () => implementation };
}

/**
 * A static service built on other static services: `bindServiceWith(KnowledgeSnapshots, (services) =>
 * snapshotsOver(services.get(ClassCatalog)))` — only of plugins this one requires, which bind first.
 */
export function bindServiceWith<T>(ref: ServiceRef<T>, create: (services: Pick<PluginServiceAccess, 'get' | 'find'>) => T): ServiceBinding<T> {
  return { ref, create };
}

/** Provide and consume services, as a plugin's server module is given them at mount (`api.services`). */
export interface PluginServiceAccess {
  /** Provides one of this plugin's own refs; once per ref. */
  provide<T>(ref: ServiceRef<T>, implementation: T): void;
  /** A service of this plugin or of one it requires (which mounted first, so it is there). */
  get<T>(ref: ServiceRef<T>): T;
  /** A service of a plugin this one uses (or requires): undefined when the profile does not enable it. */
  find<T>(ref: ServiceRef<T>): T | undefined;
}

/**
 * The services provided at mount, one instance per server (no module-level singletons: two servers
 * in one process, as in tests, each have their own). Ownership and `requires` are checked here, so a
 * mistake fails at start rather than on the first request.
 */
export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();

  /**
   * A registry holding the static services (`ServerModule.services`) of these plugins, each
   * checked as if its plugin provided it (a plugin binds only its own refs).
   */
  static withStatic(plugins: ReadonlyArray<{ manifest: ServiceConsumer; module?: { services?: readonly ServiceBinding[] } }>): ServiceRegistry {
    const registry = new ServiceRegistry();
    for (const { manifest, module } of plugins) {
      const access = registry.for(manifest);
      for (const binding of module?.services ?? []) access.provide(binding.ref, binding.create(access));
    }
    return registry;
  }

  for(plugin: ServiceConsumer): PluginServiceAccess {
    return {
      provide: (ref, implementation) => {
        const owner = ownerOf(ref);
        if (owner !== plugin.id) throw new Error(`Plugin "${plugin.id}" provides ${ref.id}, which belongs to "${owner}"`);
        if (this.services.has(ref.id)) throw new Error(`Service ${ref.id} is provided twice`);
        this.services.set(ref.id, implementation);
      },
      get: <T>(ref: ServiceRef<T>): T => {
        const owner = ownerOf(ref);
        if (owner !== plugin.id && !(plugin.requires ?? []).includes(owner)) {
          throw new Error(`Plugin "${plugin.id}" uses ${ref.id} but does not list "${owner}" in requires`);
        }
        if (!this.services.has(ref.id)) throw new Error(`Service ${ref.id} was not provided by "${owner}" when it mounted`);
        return this.services.get(ref.id) as T;
      },
      find: <T>(ref: ServiceRef<T>): T | undefined => {
        const owner = ownerOf(ref);
        if (owner !== plugin.id && !(plugin.requires ?? []).includes(owner) && !(plugin.uses ?? []).includes(owner)) {
          throw new Error(`Plugin "${plugin.id}" looks for ${ref.id} but does not list "${owner}" in requires or uses`);
        }
        return this.services.get(ref.id) as T | undefined;
      },
    };
  }
}

/** The parts of a plugin manifest the registry checks a consumer against. */
interface ServiceConsumer {
  id: string;
  requires?: readonly string[];
  uses?: readonly string[];
}

function ownerOf(ref: ServiceRef<unknown>): string {
  return REF_ID.exec(ref.id)?.[1] ?? ref.id;
}
