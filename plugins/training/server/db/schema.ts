/** The tables of training. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- training`). */
export { trainingAccuracyMeasurements, trainingActions, trainingAutoTpActions } from './training-actions';
export { trainingQuestionClasses } from './question-classes';
