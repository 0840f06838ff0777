import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Limits } from '../constants';
import { DiffersFromProperty, EqualsProperty, IsConsolePassword } from '../identity/password-rules';
import { Messages } from '../messages';

// Its own file so /forgot-password does not load the password rules (and the common-password list).
export { ForgotPasswordDto } from './forgot-password.dto';

/** POST /api/v1/auth/reset-password: `token` is the one in the mailed link. */
export class ResetPasswordDto {
  @IsString({ message: Messages.resetLinkExpired })
  @IsNotEmpty({ message: Messages.resetLinkExpired })
  @MaxLength(4096, { message: Messages.resetLinkExpired })
  token!: string;

  @IsConsolePassword()
  password!: string;

  @EqualsProperty('password', Messages.passwordsDoNotMatch)
  confirmPassword!: string;
}

/** POST /api/v1/auth/change-password (signed in; /settings/reset-password). */
export class ChangePasswordDto {
  @IsString({ message: Messages.loginFailed })
  @IsNotEmpty({ message: Messages.loginFailed })
  @MaxLength(Limits.passwordMax * 4, { message: Messages.loginFailed })
  oldPassword!: string;

  @IsConsolePassword()
  @DiffersFromProperty('oldPassword', Messages.passwordSameAsOld)
  password!: string;

  @EqualsProperty('password', Messages.passwordsDoNotMatch)
  confirmPassword!: string;
}
