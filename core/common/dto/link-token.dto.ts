import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/activate and /api/v1/auth/activation/resend: the activation token. */
export class LinkTokenDto {
  @IsString({ message: Messages.activationLinkExpired })
  @IsNotEmpty({ message: Messages.activationLinkExpired })
  @MaxLength(4096, { message: Messages.activationLinkExpired })
  token!: string;
}
