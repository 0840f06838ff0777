import { Messages } from '@civic/sdk/common/messages';
import { NlpEngine, TIER_ORDER } from '@civic/sdk/common/model';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Type,
  ValidateIf,
  ValidateNested,
} from '@civic/sdk/common/validators';
import { AdminMessages } from './messages';
import { IsAgencyName, IsAllowedDomain, IsHttpsUrl } from './validators';

export const ENGINE_SERVICES = [NlpEngine.BUILT_IN, NlpEngine.REDIRECTION, NlpEngine.EXTERNAL] as const;
/** §5: an empty one of these is sent in `unsets`, never as ''. decommissionAt may be unset to restore an app. */
export const UNSETTABLE = ['liveChatService', 'authenticationService', 'goLiveAt', 'decommissionAt'] as const;
export type Unsettable = (typeof UNSETTABLE)[number];
export const SYSTEM_CLASSIFICATIONS = ['OFFICIAL', 'OFFICIAL (OPEN)', 'OFFICIAL (CLOSED)', 'RESTRICTED', 'CONFIDENTIAL'] as const;
export const HOSTINGS = ['GCC', 'GCC+', 'ON_PREMISE', 'CLOUD'] as const;

/** nlpEngine of the app patch: the service and, for the external engine, both handlers (§3, §5). */
export class NlpEngineDto {
  @IsIn(ENGINE_SERVICES, { message: `nlpEngine.service must be one of ${ENGINE_SERVICES.join(', ')}` })
  service!: string;

  @IsOptional() @IsHttpsUrl({ message: Messages.invalidHttpsUrl })
  qnaHandler?: string | null;

  @IsOptional() @IsHttpsUrl({ message: Messages.invalidHttpsUrl })
  dialogHandler?: string | null;
}

/** Per-app overrides of the Starter tier's restrictions (§6): true lets this app use the feature. */
export class RestrictionOverridesDto {
  @IsOptional() @IsBoolean() analytics?: boolean;
  @IsOptional() @IsBoolean() categories?: boolean;
  @IsOptional() @IsBoolean() labels?: boolean;
  @IsOptional() @IsBoolean() trainingHub?: boolean;
}

/** PATCH /api/v1/admin/apps/{appId} (§3 "App patch by platform admin"); every field optional. */
export class AppPatchDto {
  @IsOptional() @IsString() @MaxLength(100)
  projectId?: string;

  @IsOptional() @IsAgencyName({ message: Messages.invalidAgencyName })
  agencyName?: string;

  @IsOptional() @ValidateNested() @Type(() => NlpEngineDto)
  nlpEngine?: NlpEngineDto;

  @IsOptional() @IsIn(SYSTEM_CLASSIFICATIONS, { message: `systemClassification must be one of ${SYSTEM_CLASSIFICATIONS.join(', ')}` })
  systemClassification?: string;

  @IsOptional() @IsIn(HOSTINGS, { message: `hosting must be one of ${HOSTINGS.join(', ')}` })
  hosting?: string;

  @IsOptional() @IsString() @MaxLength(500)
  description?: string;

  @IsOptional() @IsBoolean()
  isPrivate?: boolean;

  @IsOptional() @IsBoolean()
  isGenerative?: boolean;

  @IsOptional() @IsBoolean()
  isPlaygroundEnabled?: boolean;

  @IsOptional() @IsBoolean()
  skipBackupResponse?: boolean;

  @IsOptional() @IsString() @IsNotEmpty({ message: AdminMessages.emptyMeansUnset('liveChatService') }) @MaxLength(100)
  liveChatService?: string;

  @IsOptional() @IsString() @IsNotEmpty({ message: AdminMessages.emptyMeansUnset('authenticationService') }) @MaxLength(100)
  authenticationService?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: AdminMessages.emptyMeansUnset('goLiveAt') })
  goLiveAt?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: AdminMessages.invalidDate })
  decommissionAt?: string;

  @IsOptional() @IsArray() @IsIn(UNSETTABLE, { each: true, message: `unsets may name ${UNSETTABLE.join(', ')}` })
  unsets?: Unsettable[];

  @IsOptional() @IsString() @IsNotEmpty({ message: AdminMessages.appNameRequired }) @MaxLength(100)
  appName?: string;

  @IsOptional() @ValidateIf((_o, v) => v !== null) @IsIn(['ALL', 'PLAYGROUND'], { message: 'civicChuMode must be ALL, PLAYGROUND or null' })
  civicChuMode?: 'ALL' | 'PLAYGROUND' | null;

  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsAllowedDomain({ each: true, message: AdminMessages.invalidDomain })
  allowedDomains?: string[];

  /** Not in §3's list: the app's own restriction flags (§6). */
  @IsOptional() @ValidateNested() @Type(() => RestrictionOverridesDto)
  restrictions?: RestrictionOverridesDto;

  /** Not in §3's list; platform admins move apps between tiers here too. */
  @IsOptional() @IsIn(TIER_ORDER, { message: `subscriptionTier must be one of ${TIER_ORDER.join(', ')}` })
  subscriptionTier?: string;
}

/** POST /api/v1/admin/apps: a new app with defaults; the creator becomes its admin. */
export class AppCreateDto {
  @Matches(/^[a-z][a-z0-9-]{2,49}$/, { message: AdminMessages.appIdRule })
  appId!: string;

  @IsString({ message: AdminMessages.appNameRequired }) @IsNotEmpty({ message: AdminMessages.appNameRequired }) @MaxLength(100)
  appName!: string;

  @IsAgencyName({ message: Messages.invalidAgencyName })
  agencyName!: string;

  @IsIn(TIER_ORDER, { message: `subscriptionTier must be one of ${TIER_ORDER.join(', ')}` })
  subscriptionTier!: string;

  @IsOptional() @IsString() @MaxLength(500)
  description?: string;

  @IsOptional() @ValidateNested() @Type(() => NlpEngineDto)
  nlpEngine?: NlpEngineDto;
}
