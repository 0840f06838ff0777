/** The tables of training. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- training`). */
export { trainingActions, trainingAutoTpActions } from './training-actions';
