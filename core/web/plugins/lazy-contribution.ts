import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const components = new WeakMap<object, unknown>();

/**
 * The one lazy component of a contribution (a settings tab, a page panel), made the first time it is
 * asked for, so that re-rendering the page that shows it never remounts its loaded code.
 */
export function lazyContribution<P>(item: { load: () => Promise<{ default: ComponentType<P> }> }): LazyExoticComponent<ComponentType<P>> {
  let component = components.get(item) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!component) {
    component = lazy(item.load);
    components.set(item, component);
  }
  return component;
}
