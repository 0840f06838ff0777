import { Messages } from '@civic/sdk/common/messages';
import {
  IsBoolean,
  IsConsolePassword,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
} from '@civic/sdk/common/validators';

/** POST /api/v1/admin/users: invite. Without `password` the mail carries a set-password link. */
export class InviteUserDto {
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(254, { message: Messages.invalidEmail })
  email!: string;

  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  @MaxLength(50, { message: Messages.only50Characters })
  name!: string;

  @IsOptional() @IsBoolean()
  isPlatformAdmin?: boolean;

  /** An initial password the user must change at first sign-in. */
  @IsOptional() @IsConsolePassword()
  password?: string;
}

/** PATCH /api/v1/admin/users/{userId}: any of the fields. */
export class UpdateUserDto {
  @IsOptional()
  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  @MaxLength(50, { message: Messages.only50Characters })
  name?: string;

  @IsOptional() @IsBoolean()
  isPlatformAdmin?: boolean;

  @IsOptional() @IsBoolean()
  locked?: boolean;
}

/** PUT /api/v1/admin/users/{userId}/roles: { roles: { appId: '0' | '1' | '2' | null } }. */
export class SetRolesDto {
  @IsObject()
  roles!: Record<string, string | null>;
}
