import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** POST /api/v1/auth/unlock: the token of the link in the account-locked mail. */
export class UnlockAccountDto {
  @IsString({ message: Messages.unlockLinkExpired })
  @IsNotEmpty({ message: Messages.unlockLinkExpired })
  @MaxLength(4096, { message: Messages.unlockLinkExpired })
  token!: string;
}
