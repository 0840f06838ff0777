import { OverlaysProvider } from '@blueprintjs/core';
import type { Container } from 'inversify';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ContainerProvider } from './di/container-context';

type DataRouter = Parameters<typeof RouterProvider>[0]['router'];

/**
 * The React root: Blueprint's overlay stack, the DI container, the router. Only the overlay
 * provider, not BlueprintProvider: its hotkeys provider brings a dialog the login page never needs.
 */
export function ConsoleRoot(props: { container: Container; router: DataRouter }) {
  return (
    <StrictMode>
      <OverlaysProvider>
        <ContainerProvider container={props.container}>
          <RouterProvider router={props.router} />
        </ContainerProvider>
      </OverlaysProvider>
    </StrictMode>
  );
}
