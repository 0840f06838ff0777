import { Outlet } from 'react-router-dom';
import { LazyToastHost } from '../toasts/lazy-toast-host';

/** Above every layout: the routed page and the toasts, which survive navigation. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <LazyToastHost />
    </>
  );
}
