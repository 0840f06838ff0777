import { useEffect, useRef, useState } from 'react';
import { Messages } from '@civic/core/common/messages';
import { ConsoleConfigService } from '../config/console-config-service';
import { useService } from '../di/container-context';
import { openSessionChannel, type SessionChannel } from '../session/session-channel';
import { deferredPart, useDeferredPart } from '../shell/deferred-part';
import { ToastService } from '../toasts/toast-service';
import { AuthService } from './auth-service';
import { inactivityTimings } from './inactivity-settings';
import { InactivityTimer, type InactivityPhase } from './inactivity-timer';

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Real activity renews the server session at most this often (its idle limit is 30 minutes). */
const EXTEND_EVERY_MS = 5 * 60_000;
/** Other tabs hear of activity at most this often. */
const BROADCAST_EVERY_MS = 5_000;

/** The dialog itself: fetched when it is first due (deferred-part.ts); the clock runs without it. */
const dialog = deferredPart(() => import('./session-timeout-dialog'));

/**
 * §4: the Session Timeout dialog (LOG OFF / STAY LOGGED IN), and the automatic logoff after it.
 * Tabs share one clock over a BroadcastChannel: activity, STAY LOGGED IN and logoff in one tab hold
 * in all. The server session is extended only on real activity (never by a timer).
 */
export function InactivityDialog() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const timer = useRef<InactivityTimer | null>(null);
  const channel = useRef<SessionChannel | null>(null);
  const [phase, setPhase] = useState<InactivityPhase>('active');
  const { module, request } = useDeferredPart(dialog);
  const prompting = phase === 'prompt';
  useEffect(() => {
    if (prompting) request();
  }, [prompting, request]);

  useEffect(() => {
    const timings = inactivityTimings(config);
    const machine = new InactivityTimer(Date.now(), timings.promptAfterMs, timings.logoffAfterMs);
    const tabs = openSessionChannel();
    timer.current = machine;
    channel.current = tabs;
    let lastExtend = Date.now();
    let lastBroadcast = 0;

    const onActivity = () => {
      const now = Date.now();
      if (machine.phase !== 'active') return; // only STAY LOGGED IN answers the dialog
      machine.activity(now);
      if (now - lastBroadcast >= BROADCAST_EVERY_MS) {
        lastBroadcast = now;
        tabs.post({ type: 'activity', at: now });
      }
      if (now - lastExtend >= Math.min(EXTEND_EVERY_MS, timings.promptAfterMs / 2)) {
        lastExtend = now;
        auth.extendSession().catch(() => undefined); // an expired session is handled by the ApiClient
      }
    };
    const stopListening = tabs.listen((message) => {
      if (message.type === 'activity') machine.activity(message.at);
      if (message.type === 'stay') {
        machine.stay(message.at);
        setPhase('active');
      }
      if (message.type === 'logout') auth.endLocally('logout');
    });
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    const interval = setInterval(
      () => {
        const next = machine.tick(Date.now());
        setPhase(next);
        if (next === 'expired') {
          clearInterval(interval);
          void auth.logout().then(() => toasts.error(Messages.sessionExpired));
        }
      },
      Math.min(5_000, Math.max(250, timings.promptAfterMs / 10)),
    );
    return () => {
      clearInterval(interval);
      stopListening();
      tabs.close();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [auth, toasts, config]);

  async function stay() {
    const now = Date.now();
    timer.current?.stay(now);
    channel.current?.post({ type: 'stay', at: now });
    setPhase('active');
    try {
      await auth.extendSession();
    } catch {
      // The ApiClient has already handled an expired session; other failures leave the old token.
    }
  }

  function logOff() {
    void auth.logout();
  }

  // Without its code (a failed download) there is no prompt, but the logoff still comes on time.
  return module ? <module.SessionTimeoutDialog isOpen={prompting} onStay={() => void stay()} onLogOff={logOff} /> : null;
}
