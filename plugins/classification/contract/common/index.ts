/** Categories and labels, for the plugins that require `classification`. */
export type { Category, Label } from './classification';
/** §6 Starter-tier flags: a plugin that assigns categories (labels) checks the same rule as this one. */
export { categoriesAllowed, labelsAllowed } from '../../common/permissions';
/** GET the app's categories ({ categories }) and labels ({ labels }), each with id and name. */
export { ClassificationApi } from '../../common/api';
