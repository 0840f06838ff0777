import { definePluginSettings } from '@civic/sdk/server';
import { Matches } from '@civic/sdk/common/validators';

/** The subscribers plugin's settings (README configuration table; checked at start). */
export const SubscriberSettings = definePluginSettings({
  optInPerIp: {
    env: 'CIVIC_SUBSCRIBE_RATE_LIMIT',
    default: '30',
    description: 'public subscription requests (opt-in, unsubscribe link) per IP per minute; over it → 429 with `Retry-After`; `0` turns it off',
    rules: [Matches(/^\d{1,6}$/, { message: 'CIVIC_SUBSCRIBE_RATE_LIMIT must be a whole number of subscription requests per minute per IP address (0 turns the limit off)' })],
    parse: Number,
  },
});
