/** The tables of entities. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- entities`). */
export { entityTypes } from './entity-types';
