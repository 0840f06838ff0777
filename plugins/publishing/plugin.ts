import { definePlugin } from '@civic/sdk/common';
import { AppSettingsTabs } from '../app-settings/contract/app-settings-tabs';
import { canViewPublishing } from './common/permissions';

/** publishing: jobs (/importjob), draft → production versions (Bot Publishing tab), export/import, conflict detection. */
export default definePlugin({
  id: 'publishing',
  requires: ['knowledge-base', 'classification', 'entities', 'app-settings'],
  title: 'Publishing',
  icon: 'cloud-upload',
  canAccess: canViewPublishing,
  routes: [
    {
      path: '/importjob/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Import jobs',
      load: () => import('./web/jobs-page').then((m) => ({ default: m.JobsPage })),
    },
    {
      path: '/bulkimport/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Bulk import',
      load: () => import('./web/bulk-import-page').then((m) => ({ default: m.BulkImportPage })),
    },
    {
      path: '/qna-generator/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Q&A generator',
      load: () => import('./web/qna-generator-page').then((m) => ({ default: m.QnaGeneratorPage })),
    },
    {
      path: '/conflict-resolution/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Conflict resolution',
      load: () => import('./web/conflicts-page').then((m) => ({ default: m.ConflictsPage })),
    },
  ],
  nav: [
    { id: 'conflict-resolution', section: 'app', label: 'Conflict Resolution', order: 190, to: '/conflict-resolution/:appId', icon: 'git-merge' },
    { id: 'import-jobs', section: 'app', group: 'Knowledge Base', label: 'Import Job', order: 230, to: '/importjob/:appId' },
    { id: 'bulk-import', section: 'app', group: 'Knowledge Base', label: 'Bulk Import', order: 231, to: '/bulkimport/:appId' },
    { id: 'qna-generator', section: 'app', group: 'Knowledge Base', label: 'Q&A Generator', order: 232, to: '/qna-generator/:appId' },
  ],
  tabs: [
    {
      id: 'bot-publishing',
      title: 'Bot Publishing',
      strip: AppSettingsTabs,
      order: AppSettingsTabs.order.botPublishing,
      load: () => import('./web/publishing-tab').then((m) => ({ default: m.PublishingTab })),
    },
  ],
  module: () => import('./web/publishing-module').then((m) => ({ default: m.publishingModule })),
  server: true,
});
