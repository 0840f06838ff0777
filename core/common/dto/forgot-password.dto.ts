import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/forgot-password */
export class ForgotPasswordDto {
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsOptional() @IsString() @MaxLength(4096)
  captcha?: string;
}
