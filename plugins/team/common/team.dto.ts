import { Messages } from '@civic/sdk/common/messages';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength } from '@civic/sdk/common/validators';

const ROLE_MESSAGE = 'Role must be "0" (viewer), "1" (editor) or "2" (admin)';

/** POST /api/v1/apps/{appId}/team: invite by email; an unknown address gets an inactive account. */
export class InviteMemberDto {
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsIn(['0', '1', '2'], { message: ROLE_MESSAGE })
  role!: '0' | '1' | '2';

  /** Name of a new account; the address's local part when left out. */
  @IsOptional()
  @IsString()
  @MaxLength(50, { message: Messages.only50Characters })
  name?: string;
}

/** PATCH /api/v1/apps/{appId}/team/{userId} */
export class ChangeRoleDto {
  @IsIn(['0', '1', '2'], { message: ROLE_MESSAGE })
  role!: '0' | '1' | '2';
}
