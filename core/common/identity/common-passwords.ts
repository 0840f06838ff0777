/**
 * The most common passwords of the breach corpora (zxcvbn-ts "passwords-common", about 49,000 entries,
 * lower case): 214 KiB gzip, so it is never part of a page's first download. The server loads it at
 * start (before it takes a request); the browser loads it when the user first types a new password
 * (`PasswordRulesChecklist`), so it has arrived long before the form is sent. Until it is loaded,
 * `isCommonPassword` answers false and the server, which always has the list, has the last word.
 */
let commonSet: ReadonlySet<string> | undefined;
let loading: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    commonSet = new Set(dictionary['passwords-common']);
    return commonSet;
  });
  return loading;
}

/** The list when it has been loaded (`loadCommonPasswords`), else undefined. */
export function loadedCommonPasswords(): ReadonlySet<string> | undefined {
  return commonSet;
}

/** Digits, spaces and punctuation people add around a common word to meet the complexity rules. */
const DECORATION = /^[\d\s\p{P}\p{S}]+|[\d\s\p{P}\p{S}]+$/gu;

/**
 * Whether the password is on the common list, compared case-insensitively after NFKC, as typed or
 * with the digits and symbols around it taken off ("Qwerty123456", "Password-2026!" are refused).
 */
export function isCommonPassword(password: string): boolean {
  const list = commonSet;
  if (!list) return false;
  const folded = password.normalize('NFKC').toLowerCase();
  if (list.has(folded)) return true;
  const core = folded.replace(DECORATION, '');
  return core.length >= 4 && core !== folded && list.has(core);
}
