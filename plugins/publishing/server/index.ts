import { defineServerModule } from '@civic/sdk/server';
import { registerBulkImport } from './bulk-import';
import { registerConflicts } from './conflicts';
import { registerGenerator } from './generator';
import { registerImportExport } from './import-export';
import { registerJobRoutes } from './jobs-routes';
import { registerPublishing } from './publish-routes';

export default defineServerModule({
  pluginId: 'publishing',
  register(api) {
    registerJobRoutes(api.routes, api.jobs);
    registerPublishing(api.routes, api.jobs, api.deployment, api.events);
    registerImportExport(api.routes, api.jobs, api.events);
    registerConflicts(api.routes, api.jobs, api.events);
    registerBulkImport(api.routes, api.jobs, api.events);
    registerGenerator(api.routes, api.jobs, api.events);
  },
});
