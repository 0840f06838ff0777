import { defineServerModule } from '@civic/sdk/server';
import { registerAuditRoutes } from './audit-routes';

export default defineServerModule({
  pluginId: 'audit-log',
  register(api) {
    registerAuditRoutes(api.routes, api.audit);
  },
});
