/** Words people read in place of the code's abbreviations. */
const WORDS: Record<string, string> = { ml: 'ML', qna: 'Q&A', url: 'URL', urls: 'URLs', id: 'ID', ids: 'IDs', csat: 'CSAT', api: 'API', sso: 'SSO', otp: 'OTP', uri: 'URI' };

/**
 * The label people see for a property name: "maxMembers" → "Max members", "mlConfidenceThreshold" →
 * "ML confidence threshold", "webhookUrl" → "Webhook URL".
 */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
