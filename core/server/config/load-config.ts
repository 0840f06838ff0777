import path from 'node:path';
import { validateDto } from '@civic/core/common/dto/validate';
import { ConfigError } from './config-error';
import { ENV_KEYS, EnvDto } from './env.dto';
import { resolveAuditKey, resolveKeyMaterial, type KeyFallback } from './key-material';
import { loadProfile, type SwitchOverrides } from './load-profile';
import { RepoPaths } from './repo-paths';
import { parseOutboundAllow } from './outbound-allow';
import { parseTrustedProxies } from './trusted-proxies';
import type { DatabaseTarget, ServerConfig } from './server-config';

export interface LoadConfigOptions {
  /** Base for a relative CIVIC_DATA_DIR; defaults to process.cwd(). */
  cwd?: string;
  now?: () => Date;
  profilesDir?: string;
  webRoot?: string;
  /** false for tools that never sign or verify (npm run seed): keys are then not demanded. */
  needsKeys?: boolean;
}

/**
 * Builds the server configuration from environment variables. Collects every problem (bad
 * variables, unreadable profile, missing keys) and throws one ConfigError listing them all, so an
 * operator fixes everything in one go. Tests call it in-process with their own variables.
 */
export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions = {}): ServerConfig {
  const picked = Object.fromEntries(ENV_KEYS.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const { value: vars, fields } = validateDto(EnvDto, picked);
  const problems = Object.values(fields).flat();

  const port = vars.PORT === undefined ? 8080 : Number(vars.PORT);
  if (fields.PORT === undefined && (port < 0 || port > 65535)) problems.push('PORT must be a whole number from 0 to 65535');

  const dataDir = path.resolve(options.cwd ?? process.cwd(), vars.CIVIC_DATA_DIR ?? '.civic-data');
  const database: DatabaseTarget = vars.DATABASE_URL
    ? { kind: 'postgres', url: vars.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(dataDir, 'pglite') };

  const profileName = vars.CIVIC_PROFILE ?? 'default';
  const { profile, problems: profileProblems } =
    fields.CIVIC_PROFILE === undefined ? loadProfile(options.profilesDir ?? RepoPaths.profiles, profileName, switchOverrides(vars)) : { profile: undefined, problems: [] };
  problems.push(...profileProblems);

  const ssoGiven = [vars.CIVIC_SSO_ISSUER, vars.CIVIC_SSO_CLIENT_ID, vars.CIVIC_SSO_CLIENT_SECRET].filter(Boolean).length;
  if (ssoGiven > 0 && ssoGiven < 3) problems.push('CIVIC_SSO_ISSUER, CIVIC_SSO_CLIENT_ID and CIVIC_SSO_CLIENT_SECRET must be given together');
  const sso =
    vars.CIVIC_SSO_ISSUER && vars.CIVIC_SSO_CLIENT_ID && vars.CIVIC_SSO_CLIENT_SECRET
      ? { issuer: vars.CIVIC_SSO_ISSUER, clientId: vars.CIVIC_SSO_CLIENT_ID, clientSecret: vars.CIVIC_SSO_CLIENT_SECRET, mfaEnforced: vars.CIVIC_SSO_MFA_ENFORCED === 'on' }
      : undefined;

  // CIVIC_TRUST_PROXY=on trusted every hop: any client could name its own IP in X-Forwarded-For.
  if (vars.CIVIC_TRUST_PROXY !== undefined && vars.CIVIC_TRUST_PROXY !== 'off') {
    problems.push('CIVIC_TRUST_PROXY is replaced by CIVIC_TRUSTED_PROXIES: the number of proxies in front of the console, or their addresses or networks (CIDR)');
  }
  const trusted = parseTrustedProxies(vars.CIVIC_TRUSTED_PROXIES);
  if (trusted.problem) problems.push(trusted.problem);
  const outbound = parseOutboundAllow(vars.CIVIC_OUTBOUND_ALLOW);
  if (outbound.problem) problems.push(outbound.problem);

  const ephemeralByEnv = vars.NODE_ENV === 'test' || vars.CIVIC_EPHEMERAL_KEYS === '1';
  const lasting: KeyFallback = database.kind === 'postgres' ? { kind: 'required' } : { kind: 'data-dir', dir: dataDir };
  const fallback: KeyFallback = ephemeralByEnv || options.needsKeys === false ? { kind: 'ephemeral' } : lasting;
  const keyFieldsValid = !fields.CIVIC_LOGIN_KEY && !fields.CIVIC_TOKEN_PRIVATE_KEY && !fields.CIVIC_TOKEN_PUBLIC_KEY && !fields.CIVIC_SECRETS_KEY && !fields.CIVIC_AUDIT_KEY;
  // Keys are generated only when everything else is valid: a typo elsewhere must not leave files behind.
  const { keys, problems: keyProblems } =
    keyFieldsValid && problems.length === 0
      ? resolveKeyMaterial({ loginKey: vars.CIVIC_LOGIN_KEY, privateKeyPem: vars.CIVIC_TOKEN_PRIVATE_KEY, publicKeyPem: vars.CIVIC_TOKEN_PUBLIC_KEY, secretsKey: vars.CIVIC_SECRETS_KEY, auditKey: vars.CIVIC_AUDIT_KEY }, fallback)
      : { keys: undefined, problems: [] };
  problems.push(...keyProblems);
  // Tools that sign nothing still write audit rows (the seed's): those need the server's audit key.
  if (keys && options.needsKeys === false && !ephemeralByEnv && problems.length === 0) {
    const audit = resolveAuditKey(vars.CIVIC_AUDIT_KEY, lasting);
    problems.push(...audit.problems);
    if (audit.auditKey) keys.auditKey = audit.auditKey;
  }

  if (problems.length > 0 || !profile || !keys) throw new ConfigError(problems);
  // An operator (or a browser test signing in many times a minute) may override the profile's limit.
  if (vars.CIVIC_AUTH_RATE_LIMIT !== undefined) {
    profile.identity = { ...profile.identity, authRequestsPerMinute: Number(vars.CIVIC_AUTH_RATE_LIMIT) };
  }

  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    publicUrl: (vars.CIVIC_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    database,
    profileName,
    profile,
    switches: { ...profile.switches },
    keys,
    sso,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM ?? 'Civic Console <no-reply@localhost>' },
    demoPassword: vars.CIVIC_DEMO_PASSWORD,
    demoPublished: vars.CIVIC_DEMO_PUBLISHED !== 'off',
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: trusted.proxies,
    env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('CIVIC_') && entry[1] !== undefined)),
    outboundAllow: outbound.allow,
    auditCheckpoint: { file: path.join(dataDir, 'audit-checkpoint.json'), everyMinutes: Number(vars.CIVIC_AUDIT_CHECKPOINT_MINUTES ?? 5) },
    webRoot: options.webRoot ?? RepoPaths.webRoot,
    versionFile: RepoPaths.versionFile,
    now: options.now ?? (() => new Date()),
  };
}

function switchOverrides(vars: EnvDto): SwitchOverrides {
  const overrides: SwitchOverrides = {};
  const pairs: Array<[keyof SwitchOverrides, string | undefined]> = [
    ['twoFactor', vars.CIVIC_TWO_FACTOR],
    ['captcha', vars.CIVIC_CAPTCHA],
    ['history', vars.CIVIC_HISTORY],
    ['fileResponses', vars.CIVIC_FILE_RESPONSES],
    ['publishApproval', vars.CIVIC_PUBLISH_APPROVAL],
  ];
  for (const [key, value] of pairs) if (value !== undefined) overrides[key] = value === 'on';
  return overrides;
}
