import { definePlugin, slotPanel } from '@civic/sdk/common';
import { KnowledgeBaseSettingsSlot } from '../app-settings/contract/knowledge-base-settings-slot';
import { canChat, canConfigureEngine, canViewThresholdAdvice } from './common/permissions';

/**
 * dialog-engine: the built-in engine (a trained intent classifier), the engine adaptors, the public
 * chat API the web chat widget uses, and the platform admin "Dialog engine config" screen (/dialogFlow).
 */
export default definePlugin({
  id: 'dialog-engine',
  // Trains on the draft and production content, and on every change event of them.
  requires: ['knowledge-base', 'classification', 'entities', 'publishing', 'webchat', 'app-settings'],
  title: 'Dialog engine',
  icon: 'predictive-analysis',
  canAccess: canChat,
  routes: [
    {
      path: '/dialogFlow',
      layout: 'main',
      title: 'Dialog engine config',
      canAccess: canConfigureEngine,
      load: () => import('./web/dialog-flow-page').then((m) => ({ default: m.DialogFlowPage })),
    },
  ],
  panels: [
    slotPanel(KnowledgeBaseSettingsSlot, {
      id: 'fallback-trade-off',
      title: 'Fallback trade-off',
      order: 10,
      canAccess: canViewThresholdAdvice,
      load: () => import('./web/threshold-advice-panel').then((m) => ({ default: m.ThresholdAdvicePanel })),
    }),
  ],
  nav: [{ id: 'dialog-flow', section: 'platform', label: 'Dialog engine', order: 450, to: '/dialogFlow', icon: 'predictive-analysis', canAccess: canConfigureEngine }],
  server: true,
});
