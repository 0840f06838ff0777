import { definePlugin } from '@civic/sdk/common';
import { canViewKnowledgeBase } from './common/permissions';

const intentsPage = () => import('./web/intents-page').then((m) => ({ default: m.IntentsPage }));
const intentPage = () => import('./web/intent-page').then((m) => ({ default: m.IntentPage }));
const qnaPage = () => import('./web/qna-page').then((m) => ({ default: m.QnaPage }));
const glossaryPage = () => import('./web/glossary-page').then((m) => ({ default: m.GlossaryPage }));
/** The intents list's description (its page and page document show it). */
const intentsDescription = 'What the bot understands: intents with their follow-ups, and Q&A pairs.';
/** §2: switching app from an intent or Q&A page goes to the new app's intents list. */
const toIntentsList = { goTo: '/intents/:appId' };

/** knowledge-base: the intent tree, the intent and Q&A editors, the glossary (§2 per-app routes). */
export default definePlugin({
  id: 'knowledge-base',
  requires: ['classification', 'entities'],
  title: 'Knowledge Base',
  icon: 'book',
  canAccess: canViewKnowledgeBase,
  routes: [
    { path: '/intents/:appId', layout: 'main', appParam: 'appId', title: 'Intents', description: intentsDescription, load: intentsPage },
    { path: '/intents/:tabId/:appId', layout: 'main', appParam: 'appId', title: 'Intents', description: intentsDescription, load: intentsPage },
    { path: '/intent/:appId/:mode', layout: 'main', appParam: 'appId', title: 'Intent', onAppSwitch: toIntentsList, load: intentPage },
    { path: '/intent/:appId/:mode/:intentId', layout: 'main', appParam: 'appId', title: 'Intent', onAppSwitch: toIntentsList, load: intentPage },
    { path: '/QandA/:appId/:mode', layout: 'main', appParam: 'appId', title: 'Q&A', onAppSwitch: toIntentsList, load: qnaPage },
    { path: '/QandA/:appId/:mode/:intentId', layout: 'main', appParam: 'appId', title: 'Q&A', onAppSwitch: toIntentsList, load: qnaPage },
    { path: '/glossary/:appId', layout: 'main', appParam: 'appId', title: 'Glossary', load: glossaryPage },
  ],
  nav: [
    { id: 'kb-intents', section: 'app', group: 'Knowledge Base', label: 'Intents', order: 200, to: '/intents/:appId', icon: 'book' },
    { id: 'kb-qna', section: 'app', group: 'Knowledge Base', label: 'Q&A', order: 201, to: '/QandA/:appId/view' },
    { id: 'kb-glossary', section: 'app', group: 'Knowledge Base', label: 'Glossary', order: 202, to: '/glossary/:appId' },
  ],
  module: () => import('./web/knowledge-base-module').then((m) => ({ default: m.knowledgeBaseModule })),
  server: true,
});
