import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

/** A deployment profile: `config/profiles/<name>.json`, validated at start on the server. */
export class DeploymentSwitchesDto {
  @IsBoolean() twoFactor!: boolean;
  @IsBoolean() captcha!: boolean;
  @IsBoolean() history!: boolean;
  @IsBoolean() fileResponses!: boolean;
  /** Every publish needs a second app admin's approval (publishing plugin); apps may also ask for it. */
  @IsOptional() @IsBoolean() publishApproval?: boolean;
}

export class LockoutDto {
  @IsInt() @Min(1) @Max(100) maxFailures!: number;
  @IsInt() @Min(1) @Max(1440) windowMinutes!: number;
  @IsInt() @Min(1) @Max(10080) lockMinutes!: number;
}

export class SessionPolicyDto {
  @IsInt() @Min(1) @Max(1440) idleMinutes!: number;
  @IsInt() @Min(1) @Max(168) absoluteHours!: number;
}

/** Identity timings and limits (identity issue); every field has a default. */
export class IdentityPolicyDto {
  @IsInt() @Min(1) @Max(60) otpMinutes = 10;
  @IsInt() @Min(1) @Max(20) otpMaxTries = 5;
  @IsInt() @Min(5) @Max(1440) resetLinkMinutes = 30;
  @IsInt() @Min(1) @Max(720) activationLinkHours = 72;
  /** How long the link in an invitation (a new team member, a user an admin created) stays good. */
  @IsInt() @Min(1) @Max(30) invitationLinkDays = 7;
  /** Requests per IP per minute on the public auth routes; over it → 429 with Retry-After. */
  @IsInt() @Min(1) @Max(10000) authRequestsPerMinute = 10;
  /** §4: idle minutes before the browser shows the "Session Timeout" dialog. */
  @IsInt() @Min(1) @Max(1440) inactivityPromptMinutes = 25;
  /** §4: minutes after that prompt, without an answer, before the browser logs off. */
  @IsInt() @Min(1) @Max(60) autoLogoffMinutes = 5;
}

export class DeploymentProfileDto {
  @IsArray()
  @ArrayUnique()
  @Matches(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, { each: true, message: 'plugin ids are kebab-case' })
  plugins!: string[];

  @IsDefined() @ValidateNested() @Type(() => DeploymentSwitchesDto) switches!: DeploymentSwitchesDto;

  @IsObject() flags!: Record<string, boolean>;

  @IsArray() @IsString({ each: true }) subscriberAppIds!: string[];

  @IsArray()
  @Matches(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { each: true, message: 'allowed email domains are lower-case domain names' })
  allowedEmailDomains!: string[];

  @IsString() helpGuideUrl!: string;
  @IsString() helpdeskUrl!: string;
  @IsString() nextGenConsoleUrl!: string;

  @IsDefined() @ValidateNested() @Type(() => LockoutDto) lockout!: LockoutDto;
  @IsDefined() @ValidateNested() @Type(() => SessionPolicyDto) session!: SessionPolicyDto;

  @IsOptional() @ValidateNested() @Type(() => IdentityPolicyDto) identity: IdentityPolicyDto = new IdentityPolicyDto();
}
