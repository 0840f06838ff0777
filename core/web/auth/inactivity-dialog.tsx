import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Messages } from '@civic/core/common/messages';
import { useService } from '../di/container-context';
import { ToastService } from '../toasts/toast-service';
import { AuthService } from './auth-service';
import { InactivityTimer, type InactivityPhase } from './inactivity-timer';

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const TICK_MS = 5_000;

/** §4: the Session Timeout dialog (LOG OFF / STAY LOGGED IN), and the automatic logoff after it. */
export function InactivityDialog() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const timer = useRef<InactivityTimer | null>(null);
  const [phase, setPhase] = useState<InactivityPhase>('active');

  useEffect(() => {
    const machine = new InactivityTimer(Date.now());
    timer.current = machine;
    const onActivity = () => machine.activity(Date.now());
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    const interval = setInterval(() => {
      const next = machine.tick(Date.now());
      setPhase(next);
      if (next === 'expired') {
        clearInterval(interval);
        void auth.logout().then(() => toasts.error(Messages.sessionExpired));
      }
    }, TICK_MS);
    return () => {
      clearInterval(interval);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [auth, toasts]);

  async function stay() {
    timer.current?.stay(Date.now());
    setPhase('active');
    try {
      await auth.extendSession();
    } catch {
      // The ApiClient has already handled an expired session; other failures leave the old token.
    }
  }

  return (
    <Dialog isOpen={phase === 'prompt'} title="Session Timeout" isCloseButtonShown={false} canOutsideClickClose={false} canEscapeKeyClose={false}>
      <DialogBody>
        <p>{Messages.sessionTimeoutPrompt}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="LOG OFF" onClick={() => void auth.logout()} />
            <Button intent="primary" text="STAY LOGGED IN" onClick={() => void stay()} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
