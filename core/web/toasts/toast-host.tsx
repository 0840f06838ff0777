import { OverlayToaster, Position, Toast2 } from '@blueprintjs/core';
import { observer } from '../mobx/observer';
import { useService } from '../di/container-context';
import { ToastService } from './toast-service';

/** Renders the ToastService's list; Blueprint handles the timeouts and the live region. */
export const ToastHost = observer(function ToastHost() {
  const toasts = useService<ToastService>(ToastService);
  return (
    <OverlayToaster position={Position.TOP} maxToasts={4}>
      {toasts.toasts.map((toast) => (
        <Toast2
          key={toast.key}
          message={toast.message}
          intent={toast.intent}
          timeout={toast.timeoutMs}
          onDismiss={() => toasts.dismiss(toast.key)}
        />
      ))}
    </OverlayToaster>
  );
});
