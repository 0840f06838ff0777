import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Messages } from '../messages';

/** PATCH /api/v1/auth/me: the signed-in user's own profile (/settings). */
export class ProfilePatchDto {
  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  @Matches(/\S/, { message: Messages.nameRequired })
  @MaxLength(50, { message: Messages.only50Characters })
  name!: string;
}
