export { isAllowedDomainEntry, originAllowed } from './allowed-sites';
export { isCommonPassword, loadCommonPasswords, loadedCommonPasswords } from './common-passwords';
export { isAllowedEmailDomain, normaliseEmailAddress } from './email-domain';
export { DiffersFromProperty, EqualsProperty, IsConsolePassword, passwordProblem } from './password-rules';
