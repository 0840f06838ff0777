import { Matches } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/otp/verify: the mailed code, or the authenticator's code when TOTP is set up. */
export class OtpVerifyDto {
  @Matches(/^\d{6}$/, { message: Messages.wrongOtp })
  otp!: string;
}

/** POST /api/v1/auth/totp/confirm: a code from the newly set-up authenticator. */
export class TotpConfirmDto {
  @Matches(/^\d{6}$/, { message: Messages.wrongOtp })
  code!: string;
}
