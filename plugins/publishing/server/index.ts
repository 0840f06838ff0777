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
    registerPublishing(api.routes, api.jobs, api.deployment);
    registerImportExport(api.routes, api.jobs);
    registerConflicts(api.routes, api.jobs);
    registerBulkImport(api.routes, api.jobs);
    registerGenerator(api.routes, api.jobs);
  },
});
