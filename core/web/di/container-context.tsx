import { createContext, useContext, type ReactNode } from 'react';
import type { Container } from 'inversify';

/** The one DI container of the running console, handed to React once at the root. */
const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider(props: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={props.container}>{props.children}</ContainerContext.Provider>;
}

/** The container itself, for the few places that resolve optional or multi-bound services. */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer: no ContainerProvider above this component');
  return container;
}

/** A service from the container by its token. Singletons, so the same object on every render. */
export function useService<T>(token: symbol): T {
  return useContainer().get<T>(token);
}
