/** The one copy of the validation decorators for plugin DTOs (the same classes validate on both tiers). */
// @Type reads design metadata: the polyfill loads before any DTO is declared.
import 'reflect-metadata';
export * from 'class-validator';
export { Type, Transform, Expose, Exclude, plainToInstance } from 'class-transformer';
/** §5 password and email rules (identity), for plugin DTOs that take a password or an email. */
export {
  DiffersFromProperty,
  EqualsProperty,
  IsConsolePassword,
  isAllowedDomainEntry,
  isAllowedEmailDomain,
  normaliseEmailAddress,
  originAllowed,
  passwordProblem,
} from '@civic/core/common/identity';
