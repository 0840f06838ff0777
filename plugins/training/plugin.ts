import { definePlugin } from '@civic/sdk/common';
import { signedIn } from '@civic/sdk/common/access';
import { canViewHistory, canViewTraining } from './common/permissions';

/**
 * training: the improvement loop. Users' questions the bot could not answer (/uncategorisedintents)
 * or answered with doubt (/training), triaged into intents, dismissed with a reason or bulk-reviewed;
 * the pending badge on Questions/History; the training history; questions given categories and labels
 * (classification's); the training hub's paraphrases from an LLM provider (credential-llm's, when that
 * plugin is enabled and a provider is configured). Reads transcripts through the dialog engine's contract.
 */
export default definePlugin({
  id: 'training',
  title: 'Training',
  icon: 'learning',
  requires: ['dialog-engine', 'knowledge-base', 'classification'],
  // Paraphrases on request; a profile without LLM providers has the rest of the training hub.
  uses: ['credential-llm'],
  // Per route and entry below: the §7 feature-usage route is not an app route.
  canAccess: signedIn,
  routes: [
    {
      path: '/uncategorisedintents/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Uncategorised',
      canAccess: canViewTraining,
      load: () => import('./web/inbox-page').then((m) => ({ default: m.UncategorisedPage })),
    },
    {
      path: '/training/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Questions',
      canAccess: canViewTraining,
      load: () => import('./web/inbox-page').then((m) => ({ default: m.MatchedQuestionsPage })),
    },
    {
      path: '/training-hub/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'AI Assistant',
      canAccess: canViewTraining,
      load: () => import('./web/training-hub-page').then((m) => ({ default: m.TrainingHubPage })),
    },
    {
      path: '/training-by-clusters/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'Training by clusters',
      canAccess: canViewTraining,
      load: () => import('./web/clusters-page').then((m) => ({ default: m.ClustersPage })),
    },
    {
      path: '/history/:appId',
      layout: 'main',
      appParam: 'appId',
      title: 'History',
      canAccess: canViewHistory,
      load: () => import('./web/history-page').then((m) => ({ default: m.HistoryPage })),
    },
  ],
  nav: [
    { id: 'uncategorised', section: 'app', group: 'Knowledge Base', label: 'Uncategorised', order: 240, to: '/uncategorisedintents/:appId', canAccess: canViewTraining },
    { id: 'training-hub', section: 'app', group: 'Training Hub', label: 'AI Assistant', order: 595, to: '/training-hub/:appId', canAccess: canViewTraining },
    { id: 'training-clusters', section: 'app', group: 'Training Hub', label: 'Clusters', order: 605, to: '/training-by-clusters/:appId', canAccess: canViewTraining },
    { id: 'training-questions', section: 'app', group: 'Training Hub', label: 'Questions', order: 600, to: '/training/:appId', badge: 'training.pending', icon: 'learning', canAccess: canViewTraining },
    { id: 'training-history', section: 'app', group: 'Training Hub', label: 'History', order: 610, to: '/history/:appId', canAccess: canViewHistory },
  ],
  module: () => import('./web/training-module').then((m) => ({ default: m.trainingModule })),
  server: true,
});
