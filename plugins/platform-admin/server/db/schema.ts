/** The tables of platform-admin. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- platform-admin`). */
export { adaptorApps, adaptors } from './adaptors';
