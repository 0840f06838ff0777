import { definePlugin } from '@civic/sdk/common';
import { canReadAuditLog } from './common/permissions';

/** audit-log: the hash-chained trail of every change, for platform admins (/auditLog, §2). */
export default definePlugin({
  id: 'audit-log',
  title: 'Audit Logs',
  icon: 'history',
  canAccess: canReadAuditLog,
  routes: [
    {
      path: '/auditLog',
      layout: 'main',
      title: 'Audit Logs',
      load: () => import('./web/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
    },
  ],
  nav: [{ id: 'audit-log', section: 'platform', label: 'Audit Logs', order: 300, to: '/auditLog', icon: 'history' }],
  module: () => import('./web/audit-log-module').then((m) => ({ default: m.auditLogModule })),
  server: true,
});
