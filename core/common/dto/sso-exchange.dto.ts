import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/sso/exchange: the one-time code of /login?ssoCode=… */
export class SsoExchangeDto {
  @IsString({ message: Messages.ssoFailed })
  @IsNotEmpty({ message: Messages.ssoFailed })
  @MaxLength(200, { message: Messages.ssoFailed })
  code!: string;
}
