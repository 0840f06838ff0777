/** What plugins that require entities may use on the server. */
export { EntityTypeCatalog, type CatalogEntityType } from './entity-type-catalog';
export { EntityTypeUsers, type EntityTypeUser, type EntityUsage } from './entity-type-users';
export { EntityTypesByName, type EntityTypeByName } from './entity-types-by-name';
