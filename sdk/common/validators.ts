/** The one copy of the validation decorators for plugin DTOs (the same classes validate on both tiers). */
export * from 'class-validator';
export { Type, Transform, Expose, Exclude } from 'class-transformer';
