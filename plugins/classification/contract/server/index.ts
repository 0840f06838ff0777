/** What plugins that require classification may use on the server. */
export { ClassCatalog, type ClassRef } from './class-catalog';
export { ClassesByName } from './classes-by-name';
export { ClassifiedIntentsOwner, type ClassChange, type ClassifiedIntents } from './classified-intents';
