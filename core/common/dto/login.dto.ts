import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/login. `password` is `base64(iv):base64(ciphertext)` (§7). */
export class LoginDto {
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsString({ message: Messages.loginFailed })
  @IsNotEmpty({ message: Messages.loginFailed })
  @MaxLength(2048, { message: Messages.loginFailed })
  password!: string;

  @IsOptional()
  @IsString()
  @MaxLength(4096)
  captcha?: string;
}
