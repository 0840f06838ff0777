/**
 * Passwords that meet the length and complexity rules yet appear in every breach list; refused
 * case-insensitively. Deliberately short (it ships to the browser): the length-12 rule already
 * removes nearly all of the top common-password lists, and what survives looks like these.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1234', 'password12345', 'password123456', 'password123!', 'password@123', 'password@1234',
  'password2023', 'password2024', 'password2025', 'password2026', 'password1!23', 'p@ssw0rd1234',
  'p@ssword1234', 'passw0rd1234', 'passw0rd123!', 'qwerty123456', 'qwerty1234567', 'qwertyuiop12',
  'qwertyuiop123', 'qwerty@12345', 'welcome12345', 'welcome@1234', 'welcome123456', 'welcome2024!',
  'abcd12345678', 'abcdef123456', 'abc123456789', 'admin1234567', 'administrator1', 'admin@123456',
  'iloveyou1234', 'iloveyou12345', 'changeme1234', 'changeme123!', 'letmein12345', 'letmein123456',
  'singapore123', 'singapore@123', 'singapore1234', 'sunshine1234', 'football1234', 'baseball1234',
  'princess1234', 'monkey123456', 'dragon123456', 'master123456', 'superman1234', 'trustno11234',
  'starwars1234', 'computer1234', 'whatever1234', 'michael12345', 'jennifer1234', 'welcome1welcome',
  'password1password', 'aa1234567890', 'a1234567890b', 'zaq12wsxcde3', '1qaz2wsx3edc', '1q2w3e4r5t6y',
  'q1w2e3r4t5y6', 'asdf12345678', 'asdfghjkl123', 'zxcvbnm12345', 'test12345678', 'testing12345',
  'government123', 'government1234', 'civicconsole1', 'civicconsole123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.normalize('NFKC').toLowerCase());
}
