/** Categories and labels, for the plugins that require `classification`. */
export type { Category, Label } from './classification';
