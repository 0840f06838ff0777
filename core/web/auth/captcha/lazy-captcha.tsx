import { lazy, Suspense } from 'react';
import type { CaptchaFieldProps } from './captcha-field';

// Its own chunk: /login loads it only when the deployment turns the captcha on.
const CaptchaField = lazy(() => import('./captcha-field'));

/** The captcha control, code loaded on first use. Remount (change `key`) for a fresh challenge. */
export function LazyCaptcha(props: CaptchaFieldProps) {
  return (
    <Suspense fallback={<p className="civic-captcha-loading">Loading the captcha…</p>}>
      <CaptchaField {...props} />
    </Suspense>
  );
}
