/**
 * Everything a plugin's server code may use, in one place: plugins import `@civic/sdk/server` and
 * their own files, never core or a third-party package directly (checked by the architecture test).
 */
export { defineServerModule } from './define-server-module';
export { definePluginSettings, settingsOf } from './plugin-settings';
export type { PluginSetting, PluginSettingsDeclaration, PluginSettingValues } from '@civic/core/server/plugins/plugin-settings';
export { bindService, bindServiceWith, defineServiceRef, type PluginServiceAccess, type ServiceBinding, type ServiceRef } from '@civic/core/server/plugins/service-registry';
export type { DemoSeed, ServerModule, ServerModuleApi } from '@civic/core/server/plugins/server-module';
export type { DomainEvents, EventHandler, EventMeta } from '@civic/core/server/events/event-bus';
export { defineEvent, type DomainEvent, type EventPayload } from '../common/events';
export { publishOnChange } from './publish-on-change';
export type {
  AuditNote,
  AuditSpec,
  HandlerContext,
  HttpMethod,
  PrepareContext,
  RequestUser,
  RouteAuth,
  RouteDefinition,
  TokenRenewal,
  FileDownload,
} from '@civic/core/server/http/route-definition';
export { SecretSealError, type SealedStore, type SealFailure, type SecretSealing } from '@civic/core/server/secrets/secret-sealer';
export type { AuditDetails } from '@civic/core/server/audit/audit-entry';
export { auditDiff } from '@civic/core/server/audit/audit-diff';
export { verifyAuditChainPart, type AuditChainPart } from '@civic/core/server/audit/verify-audit-chain';
export { SecurityEvents, type SecurityEventAction } from '@civic/core/server/audit/security-event';
export type { RouteAdder } from '@civic/core/server/http/route-registry';
export { HttpError, type HttpErrorExtras } from '@civic/core/server/http/http-error';
export { JobError, type EnqueueJob, type JobContext, type JobHandler, type JobOutcome, type JobRecord, type JobService, type JobStatus, type JobKindOptions, type ScheduledTask, type ScheduleOptions, type PeriodicTask } from '@civic/core/server/jobs/job-service';
export type { DbExecutor } from '@civic/core/server/db/database';
export type { MailMessage, Mailer } from '@civic/core/server/mail/mailer';
export type { AdminUser, AdminUserQuery, UserAdmin } from '@civic/core/server/users/user-admin';
export { findAppRecord, type AppRecord } from '@civic/core/server/apps/app-record';
export type { AppCreatedHandler } from '@civic/core/server/apps/app-lifecycle';
export { assertWithinTierLimit, tierLimitOf, type TierLimitName } from '@civic/core/server/apps/tier-limit-guard';
// Raw got is not exported: every call to a URL someone typed goes through the outbound client.
export {
  createOutboundClient,
  OutboundClient,
  OutboundError,
  OutboundMessages,
  type OutboundClientOptions,
  type OutboundFailure,
  type OutboundRequest,
  type OutboundResolver,
  type OutboundResponse,
} from './http-client';
export { addressKind, type AddressKind } from './outbound-address';
export type { OutboundAllowList } from '@civic/core/server/config/outbound-allow';
export { effectiveRestrictions, isDecommissioned, toAppSettings, toAppSummary } from '@civic/core/server/apps/app-mappers';
export { agencies, appMembers, apps, auditLog, featureFlags, jobs, tierLimits } from './tables';
export { RateLimiter, type RateDecision } from '@civic/core/server/auth/rate-limiter';
export { ParseSlots, parseSlots, type ParseSlotLimits } from './parse-slots';
export {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  notInArray,
  notLike,
  or,
  sql,
  type SQL,
} from './query';
export { createHash, randomUUID } from 'node:crypto';
