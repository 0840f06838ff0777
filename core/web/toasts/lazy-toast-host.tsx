import { observer } from '../mobx/observer';
import { lazy, Suspense, useState } from 'react';
import { useService } from '../di/container-context';
import { ToastService } from './toast-service';

const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/**
 * Mounts the toaster when the first toast arrives, then keeps it: Blueprint's overlay and
 * transition code stays out of the JavaScript the login page needs.
 */
export const LazyToastHost = observer(function LazyToastHost() {
  const toasts = useService<ToastService>(ToastService);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
});
