import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Limits } from '../constants';
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

/** DELETE /api/v1/auth/totp: removing the authenticator app needs the current password. */
export class TotpRemoveDto {
  @IsString({ message: Messages.currentPasswordRequired })
  @IsNotEmpty({ message: Messages.currentPasswordRequired })
  @MaxLength(Limits.passwordMax * 4, { message: Messages.currentPasswordWrong })
  password!: string;
}
