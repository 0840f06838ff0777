/** The tables of webchat. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- webchat`). */
export { webchatSettings } from './webchat-settings';
export { webchatRefusedOrigins } from './refused-origins';
