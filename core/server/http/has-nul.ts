/**
 * True when a string anywhere in the value (object keys included) holds a NUL character. PostgreSQL
 * text cannot store one: a NUL that reached a query was a 500; the request is malformed instead.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}
