import type { KeyObject } from 'node:crypto';
import type { DeploymentProfileDto } from '@civic/config/deployment-profile';
import type { DeploymentSwitches } from '@civic/core/common/model/api';
import type { OutboundAllowList } from './outbound-allow';
import type { TrustedProxies } from './trusted-proxies';

/** Where the data lives: embedded PGlite in a folder, or PostgreSQL by URL. */
export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** Key material. Loaded once at start; never logged, never sent except the login key (by design). */
export interface KeyMaterial {
  /** AES-256 key the browser encrypts the login password with (§7). */
  loginKey: Buffer;
  tokenPrivateKey: KeyObject;
  tokenPublicKey: KeyObject;
  /**
   * AES-256 key sealing TOTP secrets and deriving the captcha HMAC key: the last (oldest) key of
   * CIVIC_SECRETS_KEY, so adding a newer key for the sealed secret store leaves both unchanged.
   */
  secretsKey: Buffer;
  /**
   * Every key of CIVIC_SECRETS_KEY, newest first: the sealed secret store (core/server/secrets)
   * wraps new data keys with the first and opens with any of them.
   */
  secretKeyRing: Buffer[];
  /**
   * 32-byte key of the audit trail (CIVIC_AUDIT_KEY): the hash chain is an HMAC under it and the
   * checkpoints of its head are signed with it, so a database writer without it cannot rewrite or
   * cut the trail unseen. Kept outside the database by design.
   */
  auditKey: Buffer;
  /** Where the keys came from, for the start-up log line (never the keys themselves). */
  source: 'environment' | 'data-dir' | 'ephemeral';
}

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The IdP enforces MFA: SSO sign-ins skip the console's OTP step. */
  mfaEnforced: boolean;
}

/** Public chat requests per minute: per client IP address (all chat routes) and messages per chat session. */
/** The validated configuration the server runs with. Built by loadConfig, or in-process by tests. */
export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** Folder for embedded data, generated keys and the demo password file. */
  dataDir: string;
  database: DatabaseTarget;
  profileName: string;
  /** The profile with the environment's switch overrides applied. */
  profile: DeploymentProfileDto;
  switches: DeploymentSwitches;
  keys: KeyMaterial;
  /** Outgoing mail: SMTP when smtpUrl is set, else the outbox table (embedded default). */
  mail: { smtpUrl: string | undefined; from: string };
  /** OpenID Connect realm; absent when SSO is not configured. */
  sso: SsoConfig | undefined;
  /** CIVIC_DEMO_PASSWORD: the demo accounts' password when seeding; generated when absent. */
  demoPassword: string | undefined;
  /** CIVIC_DEMO_PUBLISHED (default on): the demo seed publishes each new demo app's draft as version 1, so its sharing page answers at once. */
  demoPublished: boolean;
  logLevel: string;
  /** CIVIC_TRUSTED_PROXIES: the proxies whose X-Forwarded-For is believed (never every hop). */
  trustProxy: TrustedProxies;
  /** The CIVIC_* variables as given: plugins' own settings are read from them at start (plugin-settings.ts). */
  env: Readonly<Record<string, string>>;
  /** CIVIC_OUTBOUND_ALLOW: internal hosts and networks that calls to typed URLs may reach (none by default). */
  outboundAllow: OutboundAllowList;
  /** Built console (dist/web); served when present. */
  webRoot: string;
  /** The one version file (repo root). */
  versionFile: string;
  /**
   * Where the signed checkpoints of the audit trail's head go (besides the log): a file in the data
   * folder, and how often one is taken (CIVIC_AUDIT_CHECKPOINT_MINUTES, default 5).
   */
  auditCheckpoint: { file: string; everyMinutes: number };
  /** Injectable clock: tokens, sessions, login freshness and audit times all read it. */
  now: () => Date;
}
