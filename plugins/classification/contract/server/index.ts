/** What plugins that require classification may use on the server. */
export { ClassCatalog, type ClassRef } from './class-catalog';
export { ClassifiedIntentsOwner, type ClassChange, type ClassifiedIntents } from './classified-intents';
