/** The identity of an email address: NFKC, trimmed, lower-case (server lookups use the same). */
export function normaliseEmailAddress(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * Whether the address's domain is one of `allowed` or a subdomain of one, after normalisation.
 * Suffix matching stops at a dot, so "a@agency.gov.sg.evil.com" and "a@evilgov.sg" are refused.
 */
export function isAllowedEmailDomain(email: string, allowed: readonly string[]): boolean {
  const normalised = normaliseEmailAddress(email);
  const at = normalised.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = normalised.slice(at + 1).replace(/\.$/, '');
  if (!domain) return false;
  return allowed.some((entry) => {
    const root = entry.toLowerCase();
    return domain === root || domain.endsWith(`.${root}`);
  });
}
