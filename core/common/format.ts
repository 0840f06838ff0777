/**
 * Numbers as the console writes them. Not through `Intl` (`toLocaleString`): a page's first
 * use of it reads ICU's locale data, 20–90 ms of a page load on a desktop and four times that on a
 * phone, for a thousands separator. The console is written in English; counts read "12,345".
 */

/** A whole number with thousands separators ("12,345", "-1,000"); any other number as `toLocaleString` writes it. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString();
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}
