/** An audit entry's time as the page and its detail drawer show it (the ISO text when it is no date). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-SG', { dateStyle: 'medium', timeStyle: 'medium' });
}
