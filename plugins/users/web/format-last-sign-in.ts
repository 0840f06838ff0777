/**
 * A user's last sign-in in the viewer's locale and time zone, with the zone named (e.g.
 * "22 Nov 2026, 11:48 am SGT"), or "Never" before the first sign-in.
 */
export function formatLastSignIn(iso: string | null, locale?: string | string[], timeZone?: string): string {
  if (!iso) return 'Never';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(at);
}
