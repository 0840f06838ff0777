import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Limits } from '../constants';
import { DiffersFromProperty, EqualsProperty, IsConsolePassword } from '../identity/password-rules';
import { Messages } from '../messages';

/** POST /api/v1/auth/forgot-password */
export class ForgotPasswordDto {
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsOptional() @IsString() @MaxLength(4096)
  captcha?: string;
}

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
