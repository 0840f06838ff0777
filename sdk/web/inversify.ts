/**
 * Dependency injection for plugins. A service is a `Symbol` token plus an interface of the same
 * name, an `…Impl` class bound `inSingletonScope()` in the plugin's ContainerModule, and an
 * explicit `@inject(TOKEN)` on every constructor parameter (no emitted decorator metadata).
 */
export { ContainerModule, inject, injectable, multiInject, optional, postConstruct, preDestroy } from 'inversify';
export type { Container, ContainerModuleLoadOptions } from 'inversify';
