import { ContainerModule } from '@civic/sdk/web/inversify';
import { AuditLogStore, AuditLogStoreImpl } from './audit-log-store';

/** The audit-log plugin's web bindings. */
export const auditLogModule = new ContainerModule(({ bind }) => {
  bind<AuditLogStore>(AuditLogStore).to(AuditLogStoreImpl).inSingletonScope();
});
