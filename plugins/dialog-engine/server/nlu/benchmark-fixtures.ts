import { seededRandom } from '@civic/sdk/server/random';

/**
 * A held-out intent benchmark shaped like the public ones (CLINC150-style): 150 intents × 100
 * training phrases, 30 unseen test phrases per intent, and 1,000 out-of-scope questions. Generated
 * from paraphrase grammars, deterministic for a seed.
 *
 * It is built to be hard in the ways real questions are: each intent is an (action, service) pair, so
 * every service word is shared by five intents and every action word by many; wording, word order
 * and politeness vary; test phrases use prefixes, suffixes and orders never seen in training and more
 * typos; a third of the out-of-scope questions reuse the services' own vocabulary ("history of the
 * passport").
 */
export interface BenchmarkIntent {
  name: string;
  train: string[];
  test: string[];
}

export interface Benchmark {
  intents: BenchmarkIntent[];
  outOfScope: string[];
}

interface Service {
  id: string;
  names: string[];
}

interface Action {
  id: string;
  /** `{o}` is the service with a determiner. */
  verbs: string[];
  /** Noun-phrase forms ("passport renewal"). */
  nouns: string[];
}

const SERVICES: Service[] = [
  { id: 'passport', names: ['passport', 'travel passport', 'international passport'] },
  { id: 'credit-card', names: ['credit card', 'visa card', 'creditcard'] },
  { id: 'debit-card', names: ['debit card', 'bank card', 'atm card'] },
  { id: 'library-card', names: ['library card', 'library membership', 'library pass'] },
  { id: 'identity-card', names: ['identity card', 'id card', 'national id'] },
  { id: 'driving-licence', names: ['driving licence', 'driver license', 'drivers licence'] },
  { id: 'business-licence', names: ['business licence', 'trading license', 'shop licence'] },
  { id: 'dog-licence', names: ['dog licence', 'pet license', 'dog registration'] },
  { id: 'parking-permit', names: ['parking permit', 'resident parking pass', 'car park permit'] },
  { id: 'work-permit', names: ['work permit', 'employment pass', 'work visa'] },
  { id: 'fishing-permit', names: ['fishing permit', 'angling licence', 'fishing license'] },
  { id: 'income-tax', names: ['income tax', 'tax return', 'income tax filing'] },
  { id: 'property-tax', names: ['property tax', 'house tax', 'home tax bill'] },
  { id: 'road-tax', names: ['road tax', 'vehicle tax', 'car tax'] },
  { id: 'birth-certificate', names: ['birth certificate', 'birth cert', 'birth record'] },
  { id: 'marriage-certificate', names: ['marriage certificate', 'marriage cert', 'wedding certificate'] },
  { id: 'death-certificate', names: ['death certificate', 'death cert', 'certificate of death'] },
  { id: 'pension', names: ['pension', 'retirement payout', 'old age pension'] },
  { id: 'child-benefit', names: ['child benefit', 'baby bonus', 'child allowance'] },
  { id: 'housing-grant', names: ['housing grant', 'home grant', 'flat subsidy'] },
  { id: 'student-loan', names: ['student loan', 'tuition loan', 'study loan'] },
  { id: 'medical-appointment', names: ['medical appointment', 'doctor appointment', 'clinic booking'] },
  { id: 'vaccination-record', names: ['vaccination record', 'vaccine certificate', 'immunisation record'] },
  { id: 'rubbish-collection', names: ['rubbish collection', 'trash pickup', 'bin collection'] },
  { id: 'water-bill', names: ['water bill', 'water account', 'water charges'] },
  { id: 'electricity-bill', names: ['electricity bill', 'power bill', 'electric account'] },
  { id: 'bus-pass', names: ['bus pass', 'transit card', 'concession pass'] },
  { id: 'vehicle-registration', names: ['vehicle registration', 'car registration', 'vehicle log book'] },
  { id: 'voter-registration', names: ['voter registration', 'electoral roll entry', 'voting registration'] },
  { id: 'gym-membership', names: ['community gym membership', 'sports centre membership', 'gym pass'] },
];

const ACTIONS: Action[] = [
  {
    id: 'apply',
    verbs: ['apply for {o}', 'get {o}', 'sign up for {o}', 'request {o}', 'obtain {o}', 'start an application for {o}'],
    nouns: ['{s} application', 'new {s}', 'applying for {o}'],
  },
  {
    id: 'renew',
    verbs: ['renew {o}', 'extend {o}', 'get {o} renewed', 'update {o} that expired', 'prolong {o}'],
    nouns: ['{s} renewal', 'expired {s}', 'renewing {o}'],
  },
  {
    id: 'cancel',
    verbs: ['cancel {o}', 'stop {o}', 'terminate {o}', 'close {o}', 'end {o}', 'get rid of {o}'],
    nouns: ['{s} cancellation', 'cancelling {o}', 'no longer want {o}'],
  },
  {
    id: 'status',
    verbs: ['check the status of {o}', 'track {o}', 'find out where {o} is', 'see the progress of {o}', 'know if {o} was approved'],
    nouns: ['{s} status', '{s} progress', 'status of {o}'],
  },
  {
    id: 'lost',
    verbs: ['report {o} lost', 'replace {o} i lost', 'report {o} stolen', 'get a replacement for {o}', 'deal with losing {o}'],
    nouns: ['lost {s}', 'stolen {s}', '{s} replacement'],
  },
  {
    id: 'fee',
    verbs: ['pay for {o}', 'find out how much {o} costs', 'know the fee for {o}', 'pay the charge for {o}', 'see the price of {o}'],
    nouns: ['{s} fee', '{s} cost', 'price of {o}'],
  },
  {
    id: 'update',
    verbs: ['change the address on {o}', 'update the details on {o}', 'correct the name on {o}', 'edit the information on {o}', 'amend {o}'],
    nouns: ['{s} details change', 'wrong details on {o}', 'new address for {o}'],
  },
  {
    id: 'eligibility',
    verbs: ['find out if i qualify for {o}', 'check if i am eligible for {o}', 'know who can get {o}', 'see the requirements for {o}', 'know if i can get {o}'],
    nouns: ['{s} eligibility', '{s} requirements', 'criteria for {o}'],
  },
];

const TRAIN_PREFIXES = ['', '', 'how do i ', 'how can i ', 'i want to ', 'i need to ', 'can you help me ', 'help me ', 'please help me ', 'is it possible to ', 'where can i ', 'what do i do to ', 'id like to ', 'i would like to ', 'could i ', 'how to ', 'can i '];
const TEST_PREFIXES = ['', 'any idea how to ', 'tell me how to ', 'what are the steps to ', 'hey how do i ', 'need help to ', 'i wish to ', 'wanna ', 'is there a way to ', 'hi, i have to '];
const TRAIN_SUFFIXES = ['', '', '', ' please', ' online', ' today', ' asap', ' for my son', ' for my mother', ' as soon as possible', ' thanks', ' now', ' this week', '?', ' quickly'];
const TEST_SUFFIXES = ['', '', ' pls', ' thank you', ' for my dad', ' before friday', ' right away', '??', ' if possible', ' for my wife'];
const TRAIN_DETERMINERS = ['my ', 'my ', 'a ', 'the ', 'our ', ''];
const TEST_DETERMINERS = ['my ', 'the ', 'his ', 'her ', 'their ', ''];
const NOUN_TRAIN_FRAMES = ['{n}', '{n}{post}', 'question about {n}', 'help with {n}', '{n} help', 'info on {n}'];
const NOUN_TEST_FRAMES = ['{n}', 'about {n}', 'query on {n}{post}', '{n} - need help', 'regarding {n}'];

/** 150 intents: each service with five of the eight actions (rotating, so each action has many). */
export function benchmarkIntents(): Array<{ name: string; service: Service; action: Action }> {
  const pairs: Array<{ name: string; service: Service; action: Action }> = [];
  SERVICES.forEach((service, s) => {
    for (let a = 0; a < 5; a++) {
      const action = ACTIONS[(s + a * 3) % ACTIONS.length];
      pairs.push({ name: `${action.id}_${service.id}`, service, action });
    }
  });
  return pairs;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'sq', b: 'vn', c: 'xv', d: 'sf', e: 'wr', f: 'dg', g: 'fh', h: 'gj', i: 'uo', j: 'hk', k: 'jl', l: 'k', m: 'n',
  n: 'bm', o: 'ip', p: 'o', q: 'w', r: 'et', s: 'ad', t: 'ry', u: 'yi', v: 'cb', w: 'qe', x: 'zc', y: 'tu', z: 'x',
};

/** One typo in a word: swap, drop, double or a neighbouring key. */
function typo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + word[i] + word.slice(i);
  const near = KEYBOARD_NEIGHBOURS[word[i]] ?? word[i];
  return word.slice(0, i) + pick([...near], random) + word.slice(i + 1);
}

function withTypos(text: string, rate: number, random: () => number): string {
  return text
    .split(' ')
    .map((word) => (random() < rate ? typo(word, random) : word))
    .join(' ');
}

function phrase(service: Service, action: Action, test: boolean, random: () => number): string {
  const prefixes = test ? TEST_PREFIXES : TRAIN_PREFIXES;
  const suffixes = test ? TEST_SUFFIXES : TRAIN_SUFFIXES;
  const determiners = test ? TEST_DETERMINERS : TRAIN_DETERMINERS;
  const name = pick(service.names, random);
  const object = `${pick(determiners, random)}${name}`;
  const post = pick(suffixes, random);
  const form = random();
  let text: string;
  if (form < 0.6) {
    text = `${pick(prefixes, random)}${pick(action.verbs, random).replace('{o}', object)}${post}`;
  } else if (form < 0.85) {
    const noun = pick(action.nouns, random).replace('{s}', name).replace('{o}', object);
    text = pick(test ? NOUN_TEST_FRAMES : NOUN_TRAIN_FRAMES, random).replace('{n}', noun).replace('{post}', post);
  } else {
    // Topic first, then the request about "it": a different word order.
    const verb = pick(action.verbs, random).replace('{o}', 'it');
    const joiner = test ? pick([' - ', ', so ', '... '], random) : pick([', ', ': '], random);
    text = `${object}${joiner}${pick(prefixes, random)}${verb}${post}`;
  }
  return withTypos(text.replace(/\s+/g, ' ').trim(), test ? 0.1 : 0.05, random);
}

const OOS_FAR = [
  'what is the weather in {city} tomorrow', 'tell me a joke about {thing}', 'who won the {sport} game last night', 'recipe for {food}',
  'how do i cook {food}', 'play some {music} music', 'what time is it in {city}', 'book a table for two at a {food} restaurant',
  'how tall is the tallest building in {city}', 'recommend a movie about {thing}', 'how do i learn to play the {instrument}',
  'what is the capital of {country}', 'set an alarm for {time}', 'how many calories are in {food}', 'translate hello into {language}',
  'who is the president of {country}', 'i want to learn {language}', 'how do i fix a flat tyre on my {thing}', 'what should i name my {pet}',
  'is it going to rain in {city} on {day}', 'find me a cheap flight to {city}', 'how do i train my {pet} to sit', 'whats a good {music} song',
  'can you sing me a song about {thing}', 'how far is {city} from {city2}', 'best way to clean a {thing}', 'what does {word} mean',
];
const OOS_NEAR = [
  'what is the history of the {service}', 'tell me a joke about the {service}', 'who invented the {service}', 'is the {service} a good idea for a novel plot',
  'what colour is the {service} in {country}', 'write a poem about my {service}', 'how do you say {service} in {language}', 'draw a picture of a {service}',
  'what was the {service} like in the middle ages', 'do other planets have a {service}', 'my {pet} ate my {service} lol', 'is {service} mentioned in any {music} songs',
];
const FILL: Record<string, string[]> = {
  city: ['paris', 'tokyo', 'london', 'new york', 'sydney', 'cairo', 'lima', 'oslo', 'seoul', 'rome', 'berlin', 'madrid'],
  city2: ['boston', 'delhi', 'dubai', 'lisbon', 'vienna', 'nairobi', 'toronto', 'bangkok'],
  thing: ['cats', 'pirates', 'robots', 'bicycle', 'space', 'dinosaurs', 'the ocean', 'coffee', 'umbrella', 'mountains', 'carpet', 'laptop'],
  sport: ['football', 'basketball', 'cricket', 'tennis', 'rugby', 'baseball', 'hockey'],
  food: ['chicken rice', 'lasagna', 'pancakes', 'sushi', 'curry', 'banana bread', 'dumplings', 'tacos', 'paella', 'omelette'],
  music: ['jazz', 'rock', 'classical', 'pop', 'hip hop', 'country', 'reggae'],
  instrument: ['guitar', 'piano', 'violin', 'drums', 'flute', 'cello'],
  country: ['france', 'japan', 'brazil', 'kenya', 'canada', 'peru', 'norway', 'egypt', 'chile', 'italy'],
  time: ['6 am', '7:30', 'noon', 'midnight', '5 pm', 'half past eight'],
  language: ['spanish', 'german', 'korean', 'swahili', 'italian', 'hindi', 'french'],
  pet: ['dog', 'cat', 'parrot', 'hamster', 'rabbit', 'goldfish'],
  day: ['monday', 'tuesday', 'the weekend', 'friday', 'sunday'],
  word: ['serendipity', 'ephemeral', 'ubiquitous', 'quixotic', 'lugubrious', 'petrichor', 'sonder'],
};

function fill(template: string, random: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === 'service') return pick(pick(SERVICES, random).names, random);
    return pick(FILL[key] ?? [key], random);
  });
}

/** The benchmark for a seed: same seed, same phrases. */
export function buildBenchmark(seed = 2024, trainPerIntent = 100, testPerIntent = 30, outOfScope = 1000): Benchmark {
  const random = seededRandom(seed);
  const intents = benchmarkIntents().map(({ name, service, action }) => {
    const train = new Set<string>();
    for (let tries = 0; train.size < trainPerIntent && tries < trainPerIntent * 50; tries++) train.add(phrase(service, action, false, random));
    const test = new Set<string>();
    for (let tries = 0; test.size < testPerIntent && tries < testPerIntent * 200; tries++) {
      const candidate = phrase(service, action, true, random);
      if (!train.has(candidate)) test.add(candidate);
    }
    return { name, train: [...train], test: [...test] };
  });
  const oos = new Set<string>();
  for (let tries = 0; oos.size < outOfScope && tries < outOfScope * 100; tries++) {
    const near = random() < 0.3;
    const base = fill(pick(near ? OOS_NEAR : OOS_FAR, random), random);
    const text = `${random() < 0.3 ? pick(['hey ', 'hi ', 'quick question: ', 'so ', 'um '], random) : ''}${base}${random() < 0.3 ? pick(['?', ' please', ' thanks', '!!'], random) : ''}`;
    oos.add(withTypos(text, 0.05, random));
  }
  return { intents, outOfScope: [...oos] };
}

/**
 * A large synthetic app for the cost bar: `intents` intents × `phrasesPer` phrases, built from the
 * same grammar with numbered services, so vocabulary overlaps as in a real knowledge base.
 */
export function buildLargeApp(intents: number, phrasesPer: number, seed = 99): Array<{ name: string; train: string[] }> {
  const random = seededRandom(seed);
  const words = ['permit', 'licence', 'grant', 'scheme', 'card', 'pass', 'bill', 'record', 'subsidy', 'certificate', 'registration', 'account'];
  const places = ['north', 'south', 'east', 'west', 'central', 'harbour', 'river', 'hill', 'park', 'market', 'garden', 'lake', 'bay', 'ridge', 'valley'];
  const out: Array<{ name: string; train: string[] }> = [];
  for (let i = 0; i < intents; i++) {
    const action = ACTIONS[i % ACTIONS.length];
    const service: Service = {
      id: `svc-${i}`,
      names: [`${places[i % places.length]} ${words[Math.floor(i / places.length) % words.length]} ${Math.floor(i / 180)}`, `${words[i % words.length]} ${places[Math.floor(i / 7) % places.length]} ${i}`],
    };
    const train = new Set<string>();
    for (let tries = 0; train.size < phrasesPer && tries < phrasesPer * 50; tries++) train.add(phrase(service, action, false, random));
    out.push({ name: `${action.id}_${service.id}`, train: [...train] });
  }
  return out;
}
