import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

const ON_OFF = ['on', 'off'];
const onOff = (name: string) => ({ message: `${name} must be "on" or "off"` });

/**
 * The environment variables the server reads, validated at start. Every value is text here;
 * loadConfig converts after validation. Messages name the variable so an operator can fix it.
 */
export class EnvDto {
  @IsOptional()
  @Matches(/^\d{1,5}$/, { message: 'PORT must be a whole number from 0 to 65535' })
  PORT?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'HOST must not be empty' })
  HOST?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'CIVIC_DATA_DIR must not be empty' })
  CIVIC_DATA_DIR?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9_-]*$/, {
    message: 'CIVIC_PROFILE must name a file in config/profiles (lower-case letters, digits, - and _)',
  })
  CIVIC_PROFILE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'CIVIC_PUBLIC_URL must be an http:// or https:// URL' })
  CIVIC_PUBLIC_URL?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'CIVIC_LOGIN_KEY must be 32 bytes in base64 (44 characters)' })
  CIVIC_LOGIN_KEY?: string;

  @IsOptional()
  @Matches(/-----BEGIN (RSA )?PRIVATE KEY-----/, { message: 'CIVIC_TOKEN_PRIVATE_KEY must be a PEM RSA private key' })
  CIVIC_TOKEN_PRIVATE_KEY?: string;

  @IsOptional()
  @Matches(/-----BEGIN (RSA )?PUBLIC KEY-----/, { message: 'CIVIC_TOKEN_PUBLIC_KEY must be a PEM RSA public key' })
  CIVIC_TOKEN_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=(\s*,\s*[A-Za-z0-9+/]{43}=)*$/, { message: 'CIVIC_SECRETS_KEY must be 32 bytes in base64 (44 characters), or several such keys separated by commas (newest first)' })
  CIVIC_SECRETS_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'CIVIC_AUDIT_KEY must be 32 bytes in base64 (44 characters)' })
  CIVIC_AUDIT_KEY?: string;

  @IsOptional()
  @Matches(/^[1-9]\d{0,4}$/, { message: 'CIVIC_AUDIT_CHECKPOINT_MINUTES must be a whole number of minutes from 1 to 99999' })
  CIVIC_AUDIT_CHECKPOINT_MINUTES?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional() @IsString() @MinLength(3, { message: 'MAIL_FROM must be a sender address' })
  MAIL_FROM?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'CIVIC_SSO_ISSUER must be the http(s) URL of an OpenID Connect issuer' })
  CIVIC_SSO_ISSUER?: string;

  @IsOptional() @IsString() @MinLength(1, { message: 'CIVIC_SSO_CLIENT_ID must not be empty' })
  CIVIC_SSO_CLIENT_ID?: string;

  @IsOptional() @IsString() @MinLength(8, { message: 'CIVIC_SSO_CLIENT_SECRET must have at least 8 characters' })
  CIVIC_SSO_CLIENT_SECRET?: string;

  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_SSO_MFA_ENFORCED')) CIVIC_SSO_MFA_ENFORCED?: string;

  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_TWO_FACTOR')) CIVIC_TWO_FACTOR?: string;
  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_CAPTCHA')) CIVIC_CAPTCHA?: string;
  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_HISTORY')) CIVIC_HISTORY?: string;
  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_FILE_RESPONSES')) CIVIC_FILE_RESPONSES?: string;
  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_PUBLISH_APPROVAL')) CIVIC_PUBLISH_APPROVAL?: string;
  /** Gone (it trusted every hop); still read so that a deployment that sets it is told what replaced it. */
  @IsOptional() @IsString() CIVIC_TRUST_PROXY?: string;
  /** A hop count or proxy networks; checked in loadConfig (trusted-proxies.ts). */
  @IsOptional() @IsString() @MaxLength(2000, { message: 'CIVIC_TRUSTED_PROXIES is too long' }) CIVIC_TRUSTED_PROXIES?: string;
  /** On-premise targets outbound calls may reach; checked in loadConfig (outbound-allow.ts). */
  @IsOptional() @IsString() @MaxLength(4000, { message: 'CIVIC_OUTBOUND_ALLOW is too long' }) CIVIC_OUTBOUND_ALLOW?: string;

  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'CIVIC_AUTH_RATE_LIMIT must be a whole number of requests per minute (0 turns the limit off)' })
  CIVIC_AUTH_RATE_LIMIT?: string;

  @IsOptional()
  @IsIn(['0', '1'], { message: 'CIVIC_EPHEMERAL_KEYS must be 0 or 1' })
  CIVIC_EPHEMERAL_KEYS?: string;

  @IsOptional()
  @IsString()
  @MinLength(12, { message: 'CIVIC_DEMO_PASSWORD needs at least 12 characters' })
  @MaxLength(128, { message: 'CIVIC_DEMO_PASSWORD may have at most 128 characters' })
  @Matches(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, {
    message: 'CIVIC_DEMO_PASSWORD needs an upper-case letter, a lower-case letter and a digit',
  })
  CIVIC_DEMO_PASSWORD?: string;

  @IsOptional() @IsIn(ON_OFF, onOff('CIVIC_DEMO_PUBLISHED')) CIVIC_DEMO_PUBLISHED?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL?: string;

  @IsOptional() @IsString() NODE_ENV?: string;
}

/** The variable names EnvDto knows; everything else in the environment is ignored. */
export const ENV_KEYS: readonly (keyof EnvDto)[] = [
  'PORT', 'HOST', 'DATABASE_URL', 'CIVIC_DATA_DIR', 'CIVIC_PROFILE', 'CIVIC_PUBLIC_URL',
  'CIVIC_LOGIN_KEY', 'CIVIC_TOKEN_PRIVATE_KEY', 'CIVIC_TOKEN_PUBLIC_KEY', 'CIVIC_SECRETS_KEY', 'CIVIC_AUDIT_KEY', 'CIVIC_AUDIT_CHECKPOINT_MINUTES', 'SMTP_URL', 'MAIL_FROM',
  'CIVIC_SSO_ISSUER', 'CIVIC_SSO_CLIENT_ID', 'CIVIC_SSO_CLIENT_SECRET', 'CIVIC_SSO_MFA_ENFORCED',
  'CIVIC_TWO_FACTOR', 'CIVIC_CAPTCHA', 'CIVIC_HISTORY', 'CIVIC_FILE_RESPONSES', 'CIVIC_PUBLISH_APPROVAL', 'CIVIC_TRUST_PROXY', 'CIVIC_TRUSTED_PROXIES',
  'CIVIC_OUTBOUND_ALLOW',
  'CIVIC_AUTH_RATE_LIMIT', 'CIVIC_EPHEMERAL_KEYS', 'CIVIC_DEMO_PASSWORD', 'CIVIC_DEMO_PUBLISHED', 'LOG_LEVEL', 'NODE_ENV',
];
