import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords of the breach corpora (zxcvbn-ts "passwords-common", about 49,000 entries,
 * lower case). The list is large: only the pages that set a password import this module (signup, reset
 * and change password are lazy chunks in the browser), and the set is built on first use.
 */
let commonSet: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  commonSet ??= new Set(dictionary['passwords-common']);
  return commonSet;
}

/** Digits, spaces and punctuation people add around a common word to meet the complexity rules. */
const DECORATION = /^[\d\s\p{P}\p{S}]+|[\d\s\p{P}\p{S}]+$/gu;

/**
 * Whether the password is on the common list, compared case-insensitively after NFKC, as typed or
 * with the digits and symbols around it taken off ("Qwerty123456", "Password-2026!" are refused).
 */
export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(folded)) return true;
  const core = folded.replace(DECORATION, '');
  return core.length >= 4 && core !== folded && list.has(core);
}
