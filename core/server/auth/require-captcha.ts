import { Messages } from '@civic/core/common/messages';
import type { DbExecutor } from '../db/database';
import { HttpError } from '../http/http-error';
import type { Identity } from './identity';

/** Captcha check of the public forms when the switch is on; a failure is a 422 naming the field. */
export async function requireCaptcha(identity: Identity, executor: DbExecutor, payload: string | undefined, now: Date): Promise<void> {
  if (!identity.config.switches.captcha) return;
  if (!(await identity.captcha.verify(executor, payload, now))) throw HttpError.invalid([Messages.captchaFailed], { captcha: [Messages.captchaFailed] });
}
