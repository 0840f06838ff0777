/** The entity type model and the entity extractor, for the plugins that require `entities`. */
export { ENTITY_KINDS, entityRef, refKey, type EntityEntry, type EntityKind, type EntityType } from './entity-type';
export { editDistance, extractEntities, fuzzyTolerance, type EntityMatch, type ExtractableEntity } from './entity-extractor';
