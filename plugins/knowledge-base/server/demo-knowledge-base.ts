import { and, count, eq, isNull, type DbExecutor } from '@civic/sdk/server';
import type { EntityTypeByName, EntityTypesByName } from '../../entities/contract/server/index';
import { glossaryTerms, intents } from './db/schema';
import type { ActionParameter, PhrasePart } from '../contract/common/knowledge/index';
import { DEFAULT_PLATFORM, type ChannelResponses, type ResponseMessage } from '../contract/common/responses/index';
import { normalisePhrases } from '../common/normalise';
import { ensureDefaultIntents } from './default-intents';
import { addPhrases } from './intent-store';

interface DemoIntent {
  name: string;
  kind?: 'intent' | 'qna';
  /** Plain lines; `[text](@entity)` tags a part. */
  phrases: string[];
  answer: ResponseMessage[];
  parameters?: Array<Pick<ActionParameter, 'display_name' | 'entity_type_display_name' | 'mandatory' | 'prompts'>>;
  owner?: string;
  source?: string;
  reviewBy?: string;
  followUps?: DemoIntent[];
}

const say = (...lines: string[]): ResponseMessage => ({ type: 'text', text: lines });

/** A small government-services knowledge base: enough for every screen to have something to show. */
export const DEMO_INTENTS: readonly DemoIntent[] = [
  {
    name: 'Renew passport',
    phrases: ['How do I renew my passport?', 'renew passport', 'My passport expires in [March](@sys.date), what should I do?', 'passport renewal online'],
    answer: [say('You can renew your passport online with your digital identity. It takes about 10 minutes.'), { type: 'quickReplies', title: 'What would you like to know?', quickReplies: ['Fees', 'Processing time', 'Collection'] }],
    followUps: [
      { name: 'Renew passport - fees', phrases: ['how much does it cost', 'fees', 'what is the fee'], answer: [say('The passport renewal fee is $70, paid online by card.')] },
      {
        name: 'Renew passport - collection',
        phrases: ['where do I collect it', 'collection', 'can I collect at [Woodlands](@branch)'],
        answer: [say('Collect your new passport at the branch you chose, on the appointment date in your confirmation email.')],
        parameters: [{ display_name: 'branch', entity_type_display_name: '@branch', mandatory: false, prompts: [] }],
        followUps: [{ name: 'Renew passport - collection - reschedule', phrases: ['change my appointment', 'reschedule collection'], answer: [say('You can change your collection appointment up to 2 days before it.')] }],
      },
    ],
  },
  {
    name: 'Report a lost identity card',
    phrases: ['I lost my IC', 'lost identity card', 'report lost [NRIC](@document)', 'someone stole my identity card'],
    answer: [say('Report the loss online within 14 days, then apply for a replacement.', 'Keep the police report number if the card was stolen.')],
    parameters: [{ display_name: 'document', entity_type_display_name: '@document', mandatory: true, prompts: ['Which document did you lose?'] }],
  },
  {
    name: 'Book a vaccination appointment',
    phrases: ['book a vaccination', 'I want to get my flu jab on [Friday](@sys.date)', 'vaccination slots near [Tampines](@branch)'],
    answer: [say('Book a slot at a polyclinic near you. Bring your identity card on the day.'), { type: 'card', card: { title: 'Book a slot', subtitle: 'Polyclinic vaccinations', imageUri: '', buttons: [{ text: 'Open booking', postback: 'https://www.example.gov.sg/vaccination' }] } }],
    parameters: [
      { display_name: 'date', entity_type_display_name: '@sys.date', mandatory: true, prompts: ['Which day would you like to come?'] },
      { display_name: 'branch', entity_type_display_name: '@branch', mandatory: false, prompts: [] },
    ],
  },
  { name: 'Pay a parking fine', phrases: ['pay parking fine', 'I got a parking ticket', 'how to pay a summons'], answer: [say('Pay parking fines online within 28 days with the notice number.')] },
  { name: 'Change of address', phrases: ['I moved house', 'update my address', 'change of address'], answer: [say('Update your address online within 28 days of moving; agencies are told automatically.')] },
  { name: 'Apply for a senior citizen concession card', phrases: ['senior concession card', 'apply for concession card for my father'], answer: [say('Residents aged 60 and above can apply at any ticket office.')] },
  { name: 'Talk to an officer', phrases: ['talk to a human', 'speak to an officer', 'live agent please'], answer: [say('Our officers are available Mondays to Fridays, 8.30am to 5.30pm.')] },
  {
    name: 'What documents do I need for a passport?',
    kind: 'qna',
    phrases: ['documents for passport', 'what do I bring to renew my passport', 'passport requirements'],
    answer: [say('Your current passport, your identity card and a recent photo that meets the photo guidelines.')],
    owner: 'Immigration Services',
    source: 'https://www.example.gov.sg/passport/requirements',
    reviewBy: '2027-03-31',
  },
  {
    name: 'How long does a passport renewal take?',
    kind: 'qna',
    phrases: ['passport processing time', 'how long for new passport', 'when will my passport be ready'],
    answer: [say('About 3 working days after your photo is approved.')],
    owner: 'Immigration Services',
    source: 'https://www.example.gov.sg/passport/processing',
    reviewBy: '2027-01-31',
  },
  {
    name: 'Who can get the senior concession?',
    kind: 'qna',
    phrases: ['senior concession eligibility', 'am I eligible for senior concession'],
    answer: [say('Citizens and permanent residents aged 60 and above.')],
    owner: 'Transport Office',
    reviewBy: '2026-12-31',
  },
  {
    name: 'What are your opening hours?',
    kind: 'qna',
    phrases: ['opening hours', 'when are you open', 'are you open on Saturday'],
    answer: [say('Service centres open Mondays to Fridays 8.30am to 5.30pm, and Saturdays 8.30am to 1pm.')],
    owner: 'Customer Experience',
  },
  {
    name: 'Can I pay fines with a credit card?',
    kind: 'qna',
    phrases: ['pay fine credit card', 'payment methods for fines'],
    answer: [say('Yes: credit and debit cards, and bank transfer.')],
    owner: 'Enforcement',
    source: 'https://www.example.gov.sg/fines/pay',
  },
];

export const DEMO_GLOSSARY: ReadonlyArray<{ term: string; synonyms: string[]; definition: string }> = [
  { term: 'NRIC', synonyms: ['IC', 'identity card', 'pink IC'], definition: 'National registration identity card.' },
  { term: 'passport', synonyms: ['travel document', 'pp'], definition: 'The travel document issued to citizens.' },
  { term: 'polyclinic', synonyms: ['poly', 'clinic'], definition: 'A public primary-care clinic.' },
  { term: 'summons', synonyms: ['fine', 'ticket', 'notice'], definition: 'A notice of an offence with an amount to pay.' },
  { term: 'concession card', synonyms: ['concession', 'senior card'], definition: 'A card giving fare discounts.' },
  { term: 'digital identity', synonyms: ['digital ID', 'login ID'], definition: 'The national login for government services.' },
];

/**
 * The entities the demo intents' parameters name: a parameter may only name an entity the app has
 * ("Report a lost identity card" asks for @document, the passport and vaccination intents for @branch).
 */
const DEMO_ENTITIES: EntityTypeByName[] = [
  { name: 'branch', kind: 'KIND_MAP', fuzzy: false, entries: [{ value: 'Woodlands', synonyms: ['woodlands', 'woodlands branch'] }, { value: 'Tampines', synonyms: ['tampines', 'tampines branch'] }, { value: 'Jurong', synonyms: ['jurong', 'jurong east'] }] },
  { name: 'document', kind: 'KIND_MAP', fuzzy: false, entries: [{ value: 'NRIC', synonyms: ['IC', 'identity card', 'pink IC'] }, { value: 'passport', synonyms: ['travel document'] }, { value: 'birth certificate', synonyms: ['birth cert'] }] },
];

/** `[text](@entity)` → an annotated part. */
function parts(line: string): PhrasePart[] {
  const result: PhrasePart[] = [];
  const pattern = /\[([^\]]+)\]\((@[\w.:-]+)\)/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) result.push({ text: line.slice(last, match.index) });
    result.push({ text: match[1], entity_type: match[2], manual_tagged: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) result.push({ text: line.slice(last) });
  return result;
}

const responses = (messages: ResponseMessage[]): ChannelResponses[] => [{ platform: DEFAULT_PLATFORM, enable_default_response: true, messages }];

const followupContext = (nameParts: readonly string[]) => `${nameParts.join('-').toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-followup`;

/** One level of the demo tree in one statement and its phrases in another, then the next level (a follow-up needs its parent's id). */
async function insertIntents(db: DbExecutor, appId: string, level: ReadonlyArray<{ demo: DemoIntent; parentId: string | null }>, now: Date): Promise<void> {
  if (level.length === 0) return;
  const rows = await db
    .insert(intents)
    .values(
      level.map(({ demo, parentId }) => ({
        appId,
        kind: demo.kind ?? 'intent',
        displayName: demo.name,
        parentId,
        // Dialogflow's follow-up wiring: the parent sets `<name>-followup`, its children need it.
        inputContexts: parentId ? [followupContext(demo.name.split(' - ').slice(0, -1))] : [],
        outputContexts: demo.followUps?.length ? [{ name: followupContext(demo.name.split(' - ')), lifespanCount: 2 }] : [],
        parameters: (demo.parameters ?? []).map((p, i) => ({ reference_id: `demo-${i}`, value: `$${p.display_name}`, is_list: false, ...p })),
        responses: responses(demo.answer),
        answerOwner: demo.owner ?? null,
        sourceUrl: demo.source ?? null,
        reviewBy: demo.reviewBy ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: intents.id, name: intents.displayName });
  const idOf = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const added = level.flatMap(({ demo }) => {
    const id = idOf.get(demo.name.toLowerCase());
    return id ? [{ demo, id }] : [];
  });
  await addPhrases(db, appId, added.map(({ demo, id }) => ({ intentId: id, phrases: normalisePhrases(demo.phrases.map((line) => ({ type: 'example' as const, parts: parts(line) }))) })));
  await insertIntents(db, appId, added.flatMap(({ demo, id }) => (demo.followUps ?? []).map((child) => ({ demo: child, parentId: id }))), now);
}

/** Apps that get the demo knowledge base beside the default intents (the superbot routes, the external engine answers). */
const WITH_KNOWLEDGE = new Set(['demo-enterprise', 'demo-plus', 'demo-starter', 'demo-internal']);

/** The demo seed: default intents on every demo app; the knowledge base on apps that have none yet. */
export async function seedDemoKnowledgeBase(db: DbExecutor, appIds: readonly string[], now: Date, entityTypes: EntityTypesByName): Promise<void> {
  for (const appId of appIds) {
    await ensureDefaultIntents(db, appId, now);
    if (!WITH_KNOWLEDGE.has(appId)) continue;
    const [own] = await db.select({ n: count() }).from(intents).where(and(eq(intents.appId, appId), isNull(intents.defaultKind)));
    await entityTypes.addMissing(db, appId, DEMO_ENTITIES, now);
    if ((own?.n ?? 0) === 0) await insertIntents(db, appId, DEMO_INTENTS.map((demo) => ({ demo, parentId: null })), now);
    await db
      .insert(glossaryTerms)
      .values(DEMO_GLOSSARY.map((g) => ({ appId, ...g, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
  }
}
