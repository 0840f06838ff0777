import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Limits } from '../constants';
import { EqualsProperty, IsConsolePassword } from '../identity/password-rules';
import { Messages } from '../messages';

/** POST /api/v1/auth/signup. The email's domain is checked against AuthConfig.allowedEmailDomains. */
export class SignupDto {
  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  @MaxLength(Limits.userNameMax, { message: Messages.only50Characters })
  name!: string;

  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsConsolePassword()
  password!: string;

  @EqualsProperty('password', Messages.passwordsDoNotMatch)
  confirmPassword!: string;

  /** ALTCHA payload (base64 JSON) when the captcha switch is on. */
  @IsOptional() @IsString() @MaxLength(4096)
  captcha?: string;
}
