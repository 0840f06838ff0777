import { definePlugin } from '@civic/sdk/common';
import { canViewEntities } from './common/permissions';

const detailPage = () => import('./web/entity-page').then((m) => ({ default: m.EntityPage }));

/** entities: the knowledge base's entities (§2 /entities, /entity; §3 Entity; §4 Entity editing). */
export default definePlugin({
  id: 'entities',
  title: 'Entities',
  icon: 'tag',
  canAccess: canViewEntities,
  routes: [
    {
      path: '/entities/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Entities',
      load: () => import('./web/entities-page').then((m) => ({ default: m.EntitiesPage })),
    },
    { path: '/entity/:appId/:mode/:entityId', layout: 'main', appParam: 'appId', title: 'Entity', load: detailPage },
    { path: '/entity/:appId/:mode', layout: 'main', appParam: 'appId', title: 'New entity', load: detailPage },
  ],
  nav: [{ id: 'entities', section: 'app', label: 'Entities', order: 500, to: '/entities/:appId', icon: 'tag' }],
  module: () => import('./web/entities-module').then((m) => ({ default: m.entitiesModule })),
  server: true,
});
