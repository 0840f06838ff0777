/**
 * Personal data in citizens' questions (emails, phone numbers, national ID numbers): masked in the
 * inbox by default; an admin's reveal is audited. Kept conservative: a false positive only hides text.
 */
const PATTERNS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'email', pattern: /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g },
  // NRIC/FIN style: a prefix letter, seven digits, a check letter.
  { kind: 'national ID', pattern: /\b[STFGM]\d{7}[A-Z]\b/gi },
  // Phone numbers: an optional country code, then 8 or more digits with optional spaces or dashes.
  { kind: 'phone', pattern: /(?:\+\d{1,3}[\s-]?)?\b\d{4}[\s-]?\d{4}\b/g },
];

export const MASK = '•••';

export function maskPersonalData(text: string): { text: string; masked: boolean } {
  let masked = false;
  let result = text;
  for (const { kind, pattern } of PATTERNS) {
    result = result.replace(pattern, () => {
      masked = true;
      return `[${kind} ${MASK}]`;
    });
  }
  return { text: result, masked };
}
