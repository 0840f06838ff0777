import type { Channel } from './api';

/**
 * A contact as the table shows it before an admin reveals it: enough to tell rows apart, not
 * enough to reach the person. `jane.tan@agency.gov.sg` → `j***@agency.gov.sg`,
 * `+6591234567` → `+65 ****4567`, Telegram `123456789` → `****6789`.
 */
export function maskContact(channel: Channel, contact: string): string {
  if (channel === 'WEB_CHAT') {
    const at = contact.lastIndexOf('@');
    if (at <= 0) return '***';
    return `${contact[0]}***${contact.slice(at)}`;
  }
  const digits = contact.replace(/\D/g, '');
  const last = digits.length > 6 ? digits.slice(-4) : '';
  if (channel === 'WHATSAPP') return `+${digits.slice(0, 2)} ****${last}`;
  return `****${last}`;
}
