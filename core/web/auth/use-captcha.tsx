import { useState } from 'react';
import { Messages } from '@civic/core/common/messages';
import { LazyCaptcha } from './captcha/lazy-captcha';

/** The captcha of a public form: its payload, its message, and a fresh challenge after each use. */
export function useCaptcha(enabled: boolean) {
  const [payload, setPayload] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  return {
    payload,
    /** False (and the message shown) when the captcha is on and not yet solved. */
    ready(): boolean {
      if (!enabled || payload) return true;
      setError(Messages.captchaFailed);
      return false;
    },
    /** After a submit: the payload is spent, whatever the answer. */
    renew(message?: string) {
      setPayload(null);
      setKey((k) => k + 1);
      setError(message);
    },
    field: enabled ? (
      <LazyCaptcha
        key={key}
        error={error}
        onChange={(next) => {
          setPayload(next);
          if (next) setError(undefined);
        }}
      />
    ) : null,
  };
}
