/** @jest-environment node */
import { validateDto } from '../dto/validate';
import { ChangePasswordDto } from '../dto/password-flows.dto';
import { Messages } from '../messages';
import { isCommonPassword, loadCommonPasswords, loadedCommonPasswords } from './common-passwords';
import { isAllowedEmailDomain } from './email-domain';
import { passwordProblem } from './password-rules';

const ALLOWED = ['gov.sg', 'moe.edu.sg'];

describe('isAllowedEmailDomain', () => {
  it.each([
    ['a@gov.sg', true],
    ['a@agency.gov.sg', true],
    ['  A@Agency.GOV.SG ', true],
    ['a@school.moe.edu.sg', true],
    ['a@agency.gov.sg.', true],
    ['a@agency.gov.sg.evil.com', false],
    ['a@evilgov.sg', false],
    ['a@edu.sg', false],
    ['gov.sg', false],
    ['a@', false],
  ])('%s → %s', (email, expected) => {
    expect(isAllowedEmailDomain(email, ALLOWED)).toBe(expected);
  });
});

describe('passwordProblem (§5, §8)', () => {
  beforeAll(async () => {
    await loadCommonPasswords();
  });

  it.each([
    ['Short-Pass1', Messages.passwordLength],
    [`Aa1${'b'.repeat(126)}`, Messages.passwordTooLong],
    ['no-upper-case-1', Messages.passwordComplexity],
    ['NO-LOWER-CASE-1', Messages.passwordComplexity],
    ['No-Digits-Anywhere', Messages.passwordComplexity],
    ['Control\u0007Char-1', Messages.passwordUnsupportedCharacters],
    ['New\nLine-Pass-1', Messages.passwordUnsupportedCharacters],
    ['Qwerty123456', Messages.passwordTooCommon],
    // From the zxcvbn-ts common list, as typed or with digits and symbols around a listed word.
    ['1Qaz2wsx3edc', Messages.passwordTooCommon],
    ['Password-2026!', Messages.passwordTooCommon],
    ['Sunshine12345', Messages.passwordTooCommon],
    ['2024Football!!', Messages.passwordTooCommon],
  ])('%j → %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('uses the full zxcvbn-ts common-password list, not a short bundled one', () => {
    expect(loadedCommonPasswords()?.size).toBeGreaterThan(40_000);
    expect(isCommonPassword('TRUSTNO1trustno1')).toBe(false); // not listed; decorations only come off the ends
    expect(isCommonPassword('Dragon-Fly-Summer-7')).toBe(false);
  });

  it('accepts printable Unicode, spaces and emoji, up to 128 characters', () => {
    expect(passwordProblem('Ünïcödé spaces 1 😀 ok')).toBeUndefined();
    expect(passwordProblem(`Aa1${'b'.repeat(125)}`)).toBeUndefined();
  });

  it('change password: confirmation and "differs from old" come from the same DTO', () => {
    const same = validateDto(ChangePasswordDto, { oldPassword: 'Good-Password-12', password: 'Good-Password-12', confirmPassword: 'Good-Password-12' });
    expect(same.messages).toContain(Messages.passwordSameAsOld);
    const mismatch = validateDto(ChangePasswordDto, { oldPassword: 'Good-Password-12', password: 'Other-Password-12', confirmPassword: 'Other-Password-13' });
    expect(mismatch.messages).toEqual([Messages.passwordsDoNotMatch]);
  });
});
