import type { Guide } from './guide-model';

/**
 * The guide of this deployment: topics about a screen of a plugin that is not enabled are left out
 * (and a section left without topics), so the guide never documents a screen people do not have.
 */
export function guideFor(enabledPlugins: readonly string[]): Guide {
  const enabled = new Set(enabledPlugins);
  const sections = GUIDE.sections
    .map((section) => ({ ...section, topics: section.topics.filter((topic) => !topic.plugin || enabled.has(topic.plugin)) }))
    .filter((section) => section.topics.length > 0);
  return { ...GUIDE, sections };
}

/**
 * The Civic Console user guide for agency staff: the one source of the /help page and of the PDF
 * the HELP menu opens. Edit the text here; both follow.
 */
export const GUIDE: Guide = {
  title: 'Civic Console user guide',
  subtitle: 'How to build, test, publish and monitor your agency’s chatbot',
  sections: [
    {
      id: 'getting-started',
      title: 'Getting started',
      intro:
        'Civic Console is where agency teams look after their chatbots: what the bot understands, what it answers, who may change it, and how well it serves the public.',
      topics: [
        {
          id: 'signing-in',
          title: 'Signing in',
          blocks: [
            { kind: 'paragraph', text: 'Sign in with your work email and password. After your password, the console asks for a one-time code: it is sent to your email, or shown by your authenticator app if you have set one up under Settings.' },
            { kind: 'paragraph', text: 'After a few wrong passwords your account is locked for a while to keep it safe. If you forget your password, use “Forgot password” on the sign-in page and follow the link in the email.' },
            { kind: 'tip', text: 'The console signs you out after a period without activity. A warning appears a few minutes before; choose to stay signed in if you are still working.' },
          ],
        },
        {
          id: 'finding-your-way',
          title: 'Finding your way',
          blocks: [
            { kind: 'list', items: [
              'The app switcher at the top of the sidebar chooses which chatbot (app) you are working on. The gear beside it opens that app’s settings.',
              'The sidebar lists what you can do on the current app: My Workspace, the Knowledge Base, Entities, Analytics, Team and more. Items you may not use are hidden, or shown greyed out with the reason.',
              'Your name at the top of the sidebar opens a menu with SETTINGS (your profile, password, two-factor and sessions), HELP (this guide as a PDF) and LOG OUT.',
            ] },
          ],
        },
        {
          id: 'roles',
          title: 'Roles and what they allow',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Viewer', meaning: 'Reads the knowledge base, conversation history and analytics of the app. Cannot change anything.' },
              { term: 'Editor', meaning: 'Everything a viewer does, plus building the bot: intents, Q&A, entities, glossary and training.' },
              { term: 'Admin', meaning: 'Everything an editor does, plus managing the team and the app’s settings.' },
              { term: 'Platform admin', meaning: 'Console administrators. They act as Admin on every app and manage agencies, users and the audit trail.' },
            ] },
            { kind: 'paragraph', text: 'Some features depend on your app’s subscription tier (Enterprise, Plus, Starter or Internal). On the Starter tier, analytics, training and classification may be unavailable; the sidebar says so.' },
          ],
        },
      ],
    },
    {
      id: 'build',
      title: 'Building your bot',
      intro: 'A bot answers by recognising what a person means (an intent) and replying with that intent’s responses. You build it in the Knowledge Base.',
      topics: [
        {
          id: 'intents',
          plugin: 'knowledge-base',
          title: 'Intents',
          blocks: [
            { kind: 'paragraph', text: 'An intent is one thing a person may want, such as “Renew my passport”. Every app starts with two: the Default Welcome Intent, which greets people, and the Default Fallback Intent, which answers when the bot does not understand.' },
            { kind: 'steps', items: [
              'Open Knowledge Base → KB Management and choose Add.',
              'Give the intent a clear name that says what the person wants.',
              'Under Training phrases, add the different ways people ask for it, in their own words. Ten to twenty varied phrases work better than many near-copies.',
              'Under the response tab of each channel, write what the bot replies. The web chat is the default channel; add other channels (such as WhatsApp or Telegram) when your bot is on them.',
              'Save. The change goes into the draft of your bot, not yet to the public.',
            ] },
            { kind: 'paragraph', text: 'Responses can be text, quick replies, cards with buttons, images, carousels and more. Every channel you add needs at least one response: the console warns “There is a channel with no responses.” until it has one.' },
            { kind: 'paragraph', text: 'Parameters let an intent pick out details, such as a date or a postal code, from what the person said. Mark a parameter as required to have the bot ask for it, with up to 30 prompts per parameter and up to 20 parameters per intent.' },
          ],
        },
        {
          id: 'qna',
          plugin: 'knowledge-base',
          title: 'Questions and answers (Q&A)',
          blocks: [
            { kind: 'paragraph', text: 'For simple questions with one answer, the Q&A editor is the quickest way: write the question, its variations and the answer on one screen. Each Q&A becomes an intent you can refine later.' },
            { kind: 'tip', text: 'Keep answers short and link to your agency’s page for details. People read chat answers on small screens.' },
          ],
        },
        {
          id: 'entities',
          plugin: 'entities',
          title: 'Entities',
          blocks: [
            { kind: 'paragraph', text: 'An entity is a kind of value the bot should recognise, such as a scheme name or a service type. Open Entities and add one (names are up to 30 characters).' },
            { kind: 'terms', items: [
              { term: 'List', meaning: 'A set of values, each with synonyms: “CPF” also matches “Central Provident Fund”.' },
              { term: 'Map', meaning: 'Values that map to a reference value, for when many words mean one thing.' },
              { term: 'Regular expression', meaning: 'A pattern, for values with a fixed shape such as a reference number.' },
            ] },
            { kind: 'paragraph', text: 'Turn on fuzzy matching to catch small spelling mistakes. Use entities in training phrases by tagging the words they cover.' },
          ],
        },
        {
          id: 'glossary',
          plugin: 'knowledge-base',
          title: 'Glossary',
          blocks: [
            { kind: 'paragraph', text: 'The glossary lists your agency’s terms, abbreviations and their meanings, so the bot treats “HDB flat” and “public housing flat” alike. Add terms under Knowledge Base → Glossary; they apply to the whole app.' },
          ],
        },
        {
          id: 'classification',
          plugin: 'classification',
          title: 'Categories and labels',
          blocks: [
            { kind: 'paragraph', text: 'Group intents into categories (such as “Payments”) and tag them with labels (such as “Needs review”) to find them quickly and to break down analytics. Manage both under Classification.' },
          ],
        },
      ],
    },
    {
      id: 'test',
      title: 'Testing your bot',
      intro: 'Try every change before the public sees it.',
      topics: [
        {
          id: 'preview',
          plugin: 'webchat',
          title: 'The fitting room (preview)',
          blocks: [
            { kind: 'paragraph', text: 'The preview opens the real web chat widget on your draft bot, the way the public will see it. Ask your new questions in different words and check the bot picks the right intent and the answer reads well.' },
            { kind: 'steps', items: [
              'Open the preview from the page you are editing, or the sharing page of your app.',
              'Type questions as a member of the public would, including misspellings.',
              'If the bot picks the wrong intent, add the question as a training phrase of the right one and try again.',
            ] },
          ],
        },
        {
          id: 'sharing',
          plugin: 'webchat',
          title: 'Sharing a preview with colleagues',
          blocks: [
            { kind: 'paragraph', text: 'The sharing page (/sharing/your-app-id) shows the chat full screen. Send its address to colleagues who should try the bot without signing in to the console.' },
          ],
        },
        {
          id: 'evals',
          plugin: 'evaluation',
          title: 'Test cases and the playground',
          blocks: [
            { kind: 'paragraph', text: 'Test Case Evals run a saved set of questions against the bot and compare the answers with what you expect, so you notice when a change breaks something that used to work. Where your tier allows, the GenAI Playground lets you try generative answers before turning them on.' },
          ],
        },
      ],
    },
    {
      id: 'publish',
      title: 'Publishing',
      intro: 'Your changes are kept in a draft until you publish them to production.',
      topics: [
        {
          id: 'draft-production',
          plugin: 'publishing',
          title: 'Draft and production',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Draft', meaning: 'Where you and your team edit and test. The public never sees it.' },
              { term: 'Production', meaning: 'What the public talks to. It changes only when a version is published.' },
            ] },
          ],
        },
        {
          id: 'versions',
          plugin: 'publishing',
          title: 'Versions and approval',
          blocks: [
            { kind: 'steps', items: [
              'When the draft is ready, open App settings → Bot Publishing and create a version with a short note of what changed.',
              'An app admin reviews the version and approves it. Editors can prepare versions; only admins publish.',
              'Publish the approved version. Progress is shown while the bot is trained; production switches over when it completes.',
              'If something is wrong, publish the previous version again: every version is kept.',
            ] },
            { kind: 'tip', text: 'Publish outside peak hours, and tell your helpdesk what changed.' },
          ],
        },
      ],
    },
    {
      id: 'monitor',
      title: 'Monitoring and improving',
      intro: 'Once the bot is live, the conversations tell you what to improve next.',
      topics: [
        {
          id: 'transcripts',
          plugin: 'training',
          title: 'Conversation transcripts',
          blocks: [
            { kind: 'paragraph', text: 'History shows the conversations people had with the bot: what they asked, which intent answered and how confident the bot was, and any thumbs up or down. Questions waiting for review are counted in the red badge in the sidebar.' },
          ],
        },
        {
          id: 'analytics',
          plugin: 'analytics',
          title: 'Analytics',
          blocks: [
            { kind: 'paragraph', text: 'Analytics summarise how the bot is used over a date range (by default the last 30 days up to yesterday):' },
            { kind: 'list', items: [
              'Sessions: how many conversations, and when.',
              'CSAT: how satisfied people said they were.',
              'Intents: which intents answer most, and which fall back.',
              'Bot Summary: the overall picture for reporting.',
            ] },
          ],
        },
        {
          id: 'improve',
          plugin: 'training',
          title: 'Unmatched questions and training',
          blocks: [
            { kind: 'paragraph', text: 'Uncategorised lists questions the bot could not match. In the Training Hub, assign each to the right intent (it becomes a training phrase), create a new intent for it, or dismiss it with a reason. Then test and publish as usual.' },
            { kind: 'paragraph', text: 'The AI Assistant suggests training phrases per intent from those questions. When a platform admin has set up an LLM provider (Integration Credential), Suggest more asks it for new ways to say an intent’s phrases; they are marked with the provider’s name, and you approve, edit or reject each as usual. Only the intent’s name and its training phrases are sent (any with personal data left out), never the questions waiting for review.' },
            { kind: 'tip', text: 'A weekly half hour in the Training Hub keeps the bot improving steadily.' },
          ],
        },
        {
          id: 'subscribers',
          plugin: 'subscribers',
          title: 'Subscribers',
          blocks: [
            { kind: 'paragraph', text: 'On apps that send announcements, Subscriber (the last entry of the App menu) lists the citizens who opted in to hear about service disruptions, deadlines and other topics, on web chat (by e-mail), Telegram or WhatsApp. The totals show how many are active on each channel; search by contact or topic, and filter by channel and status.' },
            { kind: 'list', items: [
              'Contacts are masked (j***@agency.gov.sg, +65 ****1234). App admins can reveal one; every reveal is recorded in the audit trail.',
              'App admins remove someone who asked to stop (they are kept as unsubscribed, with their consent record) and export the filtered list as CSV, also recorded.',
              'Citizens opt in only after agreeing to the consent text (its version and the time are kept), and each opt-in gives them an unsubscribe link of their own.',
            ] },
          ],
        },
      ],
    },
    {
      id: 'account',
      title: 'Your account and getting help',
      intro: 'Keep your account secure, and know where to turn.',
      topics: [
        {
          id: 'settings',
          title: 'Settings',
          blocks: [
            { kind: 'paragraph', text: 'Under SETTINGS you can change your display name, change your password, set up an authenticator app, and see where you are signed in. Sign out any session you do not recognise, and change your password.' },
          ],
        },
        {
          id: 'team',
          plugin: 'team',
          title: 'Your team',
          blocks: [
            { kind: 'paragraph', text: 'App admins invite colleagues under Team, give each the role they need, and remove people who have left. Every app keeps at least one admin.' },
          ],
        },
        {
          id: 'support',
          title: 'Getting help',
          blocks: [
            { kind: 'paragraph', text: 'For problems with the console, contact the helpdesk from the sidebar. Every change made in the console is recorded in an audit trail that platform admins can review.' },
          ],
        },
      ],
    },
  ],
};
