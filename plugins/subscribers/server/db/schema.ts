/** The tables of subscribers. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- subscribers`). */
export { appSubscribers } from './app-subscribers';
