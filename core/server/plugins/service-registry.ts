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

/** Provide and consume services, as a plugin's server module is given them at mount (`api.services`). */
export interface PluginServiceAccess {
  /** Provides one of this plugin's own refs; once per ref. */
  provide<T>(ref: ServiceRef<T>, implementation: T): void;
  /** A service of this plugin or of one it requires (which mounted first, so it is there). */
  get<T>(ref: ServiceRef<T>): T;
}

/**
 * The services provided at mount, one instance per server (no module-level singletons: two servers
 * in one process, as in tests, each have their own). Ownership and `requires` are checked here, so a
 * mistake fails at start rather than on the first request.
 */
export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();

  for(plugin: { id: string; requires?: readonly string[] }): PluginServiceAccess {
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
    };
  }
}

function ownerOf(ref: ServiceRef<unknown>): string {
  return REF_ID.exec(ref.id)?.[1] ?? ref.id;
}
