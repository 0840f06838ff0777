import { definePluginSettings } from '@civic/sdk/server';
import { Matches } from '@civic/sdk/common/validators';

/** Whether Intl knows the zone (the rule only checks its shape). */
function unknownZone(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return null;
  } catch {
    return 'CIVIC_TIME_ZONE must be an IANA time zone such as Asia/Singapore';
  }
}

/** Analytics' settings (README configuration table; checked at start). */
export const AnalyticsSettings = definePluginSettings({
  timeZone: {
    env: 'CIVIC_TIME_ZONE',
    default: 'Asia/Singapore',
    description:
      'the deployment\'s IANA time zone: where analytics days and hours start (§9 "last 30 days ending yesterday"), and when the 08:00 report e-mails go out; an unknown zone stops the start. Analytics rolls up whole UTC hours, so a zone with a half-hour offset reports its days to the nearest hour',
    rules: [Matches(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, { message: 'CIVIC_TIME_ZONE must be an IANA time zone such as Asia/Singapore' })],
    check: unknownZone,
    parse: (zone: string) => zone,
  },
});
