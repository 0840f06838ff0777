import { definePlugin } from '@civic/sdk/common';
import { canUseClassification, canViewCategories, canViewLabels } from './common/permissions';

/** classification: categories and labels (§2 /categories, /label; sidebar Classification; §6 Starter flags). */
export default definePlugin({
  id: 'classification',
  title: 'Classification',
  icon: 'tag',
  canAccess: canUseClassification,
  routes: [
    {
      path: '/categories/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Categories',
      canAccess: canViewCategories,
      load: () => import('./web/categories-page').then((m) => ({ default: m.CategoriesPage })),
    },
    {
      path: '/label/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Labels',
      canAccess: canViewLabels,
      load: () => import('./web/labels-page').then((m) => ({ default: m.LabelsPage })),
    },
  ],
  nav: [
    { id: 'categories', section: 'app', group: 'Classification', label: 'Categories', order: 800, to: '/categories/:appId', canAccess: canViewCategories },
    { id: 'labels', section: 'app', group: 'Classification', label: 'Label', order: 810, to: '/label/:appId', canAccess: canViewLabels },
  ],
  module: () => import('./web/classification-module').then((m) => ({ default: m.classificationModule })),
  server: true,
});
