/** What plugins that require publishing may use on the server: the app's production knowledge. */
export { loadProductionSnapshot, loadProductionVersion } from '../../server/production-snapshot';
export { appProduction, knowledgeVersions, publishingSettings, publishRequests } from './tables';
