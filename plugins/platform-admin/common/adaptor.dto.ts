import { Messages } from '@civic/sdk/common/messages';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from '@civic/sdk/common/validators';
import { AdminMessages } from './messages';
import { IsHttpsUrl } from './validators';

import { ADAPTOR_TYPES, type AdaptorType } from './adaptor-types';

export { ADAPTOR_TYPE_LABELS, ADAPTOR_TYPES, type AdaptorType } from './adaptor-types';

const TYPE_MESSAGE = `Type must be one of ${ADAPTOR_TYPES.join(', ')}`;

/** POST /api/v1/admin/adaptors */
export class AdaptorCreateDto {
  @IsIn(ADAPTOR_TYPES, { message: TYPE_MESSAGE })
  type!: AdaptorType;

  @IsString({ message: AdminMessages.adaptorNameRequired })
  @IsNotEmpty({ message: AdminMessages.adaptorNameRequired })
  @MaxLength(100)
  name!: string;

  @IsHttpsUrl({ message: Messages.invalidHttpsUrl })
  webhookUrl!: string;

  @IsOptional() @IsArray() @ArrayMaxSize(500) @IsString({ each: true })
  appIds?: string[];

  @IsOptional() @IsBoolean()
  enabled?: boolean;
}

/** PATCH /api/v1/admin/adaptors/{adaptorId}: any of the fields. */
export class AdaptorPatchDto {
  @IsOptional() @IsIn(ADAPTOR_TYPES, { message: TYPE_MESSAGE })
  type?: AdaptorType;

  @IsOptional()
  @IsString({ message: AdminMessages.adaptorNameRequired })
  @IsNotEmpty({ message: AdminMessages.adaptorNameRequired })
  @MaxLength(100)
  name?: string;

  @IsOptional() @IsHttpsUrl({ message: Messages.invalidHttpsUrl })
  webhookUrl?: string;

  @IsOptional() @IsArray() @ArrayMaxSize(500) @IsString({ each: true })
  appIds?: string[];

  @IsOptional() @IsBoolean()
  enabled?: boolean;
}
