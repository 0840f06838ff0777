export type { AdminUser } from './admin-user';
export type {
  ActivationRequiredInfo,
  ApiFailure,
  ApiSuccess,
  AuthConfig,
  CaptchaChallenge,
  ConsoleConfig,
  DeploymentSwitches,
  LoginFailureInfo,
  LoginResult,
  MeResult,
  MessageResult,
  SessionInfo,
  TotpEnrolment,
  UnleashFrontendResponse,
} from './api';
export { NlpEngine, engineLabel, isSuperbotEngine, type AppSettings, type AppSummary, type ChuMode, type NlpEngineService } from './app';
export {
  compareAppsByTier,
  NO_RESTRICTION_OVERRIDES,
  SubscriptionTier,
  TIER_ORDER,
  type RestrictionFlags,
  type SubscriptionTierName,
  type TierLimit,
} from './tiers';
export { AuthLevel, type SessionUser } from './user';
export { Role, ROLE_CODES, RoleName, isRoleCode, roleAtLeast, type RoleCode } from '../roles';
