/** The tables of classification. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- classification`). */
export { categories, labels } from './classification';
