import { Button, Checkbox, FormGroup, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../di/container-context';
import { AuthService } from '../auth-service';
import { solveAltcha } from './solve-altcha';
import { errorMessage } from '../../api/error-message';

export interface CaptchaFieldProps {
  /** The solved payload, or null while there is none (a new challenge after each use). */
  onChange(payload: string | null): void;
  /** Shown under the control: the form's "complete the captcha" message. */
  error?: string;
}

type State = { kind: 'idle' } | { kind: 'solving'; progress: number } | { kind: 'solved' } | { kind: 'failed'; message: string };

/**
 * §9 "captcha on": a self-hosted proof-of-work check (ALTCHA challenge from our server, solved in
 * this page with WebCrypto). A checkbox the user ticks; progress while the browser works.
 */
export function CaptchaField(props: CaptchaFieldProps) {
  const auth = useService<AuthService>(AuthService);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const { onChange } = props;

  useEffect(() => () => abort.current?.abort(), []);

  async function verify() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'solving', progress: 0 });
    onChange(null);
    try {
      const challenge = await auth.captchaChallenge();
      const payload = await solveAltcha(challenge, (progress) => setState({ kind: 'solving', progress }), controller.signal);
      if (controller.signal.aborted) return;
      setState({ kind: 'solved' });
      onChange(payload);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  const status =
    state.kind === 'solving'
      ? 'Verifying…'
      : state.kind === 'solved'
        ? 'Verified.'
        : state.kind === 'failed'
          ? state.message
          : '';
  const error = state.kind === 'failed' ? state.message : props.error;
  return (
    <FormGroup className="civic-captcha" intent={error ? 'danger' : 'none'} helperText={error ? <span id="captcha-error">{error}</span> : undefined}>
      <div className="civic-captcha-box">
        <Checkbox
          id="captcha-check"
          label="I am not a robot"
          checked={state.kind === 'solved'}
          disabled={state.kind === 'solving' || state.kind === 'solved'}
          aria-describedby={error ? 'captcha-error' : 'captcha-status'}
          aria-invalid={error ? true : undefined}
          onChange={() => void verify()}
        />
        {state.kind === 'failed' && <Button size="small" text="Try again" onClick={() => void verify()} />}
      </div>
      {state.kind === 'solving' && (
        <ProgressBar value={state.progress} intent="primary" stripes={false} aria-label="Captcha verification progress" />
      )}
      <span id="captcha-status" className="civic-visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
    </FormGroup>
  );
}

/** Resets the field: the parent remounts it with a new key after each use of a payload. */
export default CaptchaField;
