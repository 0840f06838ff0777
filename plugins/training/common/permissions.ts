import { allOf, anyOf, appAdmin, appEditor, appViewer, definePermission, signedIn, tierRestricted } from '@civic/sdk/common/access';

/** §6: Uncategorised and the Training Hub are disabled for non-platform-admins on Starter apps unless the flag allows. */
export const canViewTraining = definePermission({
  id: 'training.view',
  description: 'Anyone with a role on the app reads the questions (Starter tier: only with the training hub restriction flag).',
  predicate: allOf(appViewer, tierRestricted('trainingHub')),
});
export const canReviewQuestions = definePermission({
  id: 'training.review',
  description: 'Editors and admins triage questions: review status, dismissal, training (Starter tier: only with the flag).',
  predicate: allOf(appEditor, tierRestricted('trainingHub')),
});
export const canClassifyQuestions = definePermission({
  id: 'training.classify',
  description: 'Editors and admins give questions categories and labels (Starter tier: only with the training hub flag, and the categories or labels flag — the handler checks each).',
  predicate: allOf(appEditor, tierRestricted('trainingHub'), anyOf(tierRestricted('categories'), tierRestricted('labels'))),
});
export const canRevealPersonalData = definePermission({
  id: 'training.reveal',
  description: "App admins may reveal a question's masked personal data; each reveal is audited.",
  predicate: allOf(appAdmin, tierRestricted('trainingHub')),
});
/** §9 "history feature off": the History route follows the deployment's history switch. */
export const canViewHistory = definePermission({
  id: 'training.history',
  description: 'Who trained what and its effect: anyone on the app, when the history switch (CIVIC_HISTORY) is on.',
  predicate: allOf(appViewer, tierRestricted('trainingHub'), (ctx) => ctx.switches.history === true),
});
/** §7 feature usage of the assistant: any signed-in user; the route checks their role on the app named in the body. */
export const canRecordAssistantUsage = definePermission({
  id: 'training.assistant-usage',
  description: 'Signed-in users post the assistant counts; the handler requires an editor or admin role on the app in the body (404 without one).',
  predicate: signedIn,
});
