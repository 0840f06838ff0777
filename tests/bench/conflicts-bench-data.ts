import { seededRandom } from '@civic/sdk/server/random';

/**
 * Synthetic knowledge base for the conflict-detection bench: `intents` intents of `perIntent`
 * phrases each, written like a government FAQ (verbs × services × who/where), so intents on the same
 * service overlap as real ones do (near-duplicates across intents), with a few identical phrases.
 */
const VERBS = ['renew', 'apply for', 'replace', 'cancel', 'update', 'check the status of', 'pay for', 'change', 'collect', 'report a problem with', 'appeal against', 'transfer', 'extend', 'suspend', 'reinstate', 'print', 'download', 'verify', 'claim', 'withdraw from'];
const NOUNS = [
  'passport', 'driving licence', 'identity card', 'work permit', 'student pass', 'parking permit', 'business licence', 'marriage certificate', 'birth certificate',
  'housing grant', 'tax return', 'property tax', 'road tax', 'vehicle registration', 'dog licence', 'fishing licence', 'healthcare subsidy', 'childcare subsidy',
  'retirement account', 'pension payout', 'library card', 'bus concession card', 'senior citizen card', 'utility bill', 'water bill', 'electricity account',
  'rental flat', 'season parking', 'HDB flat', 'condominium unit', 'shophouse', 'car park', 'school place', 'kindergarten place', 'university loan', 'bursary', 'scholarship', 'national service deferment', 'exit permit', 'visit pass', 'dependant pass', 'long-term visit pass', 'employment pass', 'S pass', 'domestic worker permit', 'levy waiver', 'GST registration', 'company registration', 'trademark', 'patent', 'death certificate', 'adoption order', 'will', 'lasting power of attorney', 'CPF withdrawal', 'Medisave claim', 'MediShield policy', 'vaccination record', 'health screening', 'hearing aid subsidy', 'wheelchair loan', 'blood donation', 'organ donor registration', 'voter registration', 'jury summons', 'court fine', 'parking fine', 'speeding ticket', 'ERP charge', 'COE bid', 'taxi licence', 'private hire licence', 'boat licence', 'drone permit', 'firearm licence', 'pet adoption', 'cat licence', 'noise complaint', 'pest control', 'waste collection', 'recycling bin', 'street light repair', 'pothole report', 'tree pruning', 'park booking', 'barbecue pit booking', 'community hall booking', 'sports facility booking', 'swimming pool pass', 'gym pass', 'event permit', 'hawker licence', 'food shop licence', 'liquor licence', 'building permit', 'renovation permit', 'tree removal permit',
];
const WHO = ['', 'for my child', 'for my parents', 'for a foreigner', 'for my company', 'while overseas', 'after moving house', 'if it was lost', 'if it expired', 'as a student', 'as a senior', 'urgently', 'online', 'at a service centre', 'by post', 'for free', 'on weekends', 'with a disability', 'for the first time', 'again', 'late', 'in person', 'using my phone', 'without an appointment', 'before travelling', 'after a divorce', 'after marriage', 'as a new citizen', 'as a permanent resident'];
const TEMPLATES = [
  (v: string, n: string, w: string) => `How do I ${v} my ${n} ${w}?`,
  (v: string, n: string, w: string) => `Where can I ${v} a ${n} ${w}`,
  (v: string, n: string, w: string) => `I want to ${v} my ${n} ${w}`,
  (v: string, n: string, w: string) => `What documents do I need to ${v} a ${n} ${w}?`,
  (v: string, n: string, w: string) => `How much does it cost to ${v} my ${n} ${w}`,
  (v: string, n: string, w: string) => `Can I ${v} the ${n} ${w}?`,
  (v: string, n: string, w: string) => `How long does it take to ${v} a ${n} ${w}`,
  (v: string, n: string, w: string) => `${v} ${n} ${w}`,
  (v: string, n: string, w: string) => `Is it possible to ${v} the ${n} ${w}`,
  (v: string, n: string, w: string) => `Please help me ${v} my ${n} ${w}`,
  (v: string, n: string, w: string) => `Who do I contact to ${v} a ${n} ${w}?`,
  (v: string, n: string, w: string) => `Steps to ${v} ${n} ${w}`,
  (v: string, n: string, w: string) => `Need to ${v} ${n} ${w} asap`,
  (v: string, n: string, w: string) => `Which form should I use to ${v} my ${n} ${w}?`,
  (v: string, n: string, w: string) => `Am I eligible to ${v} a ${n} ${w}?`,
  (v: string, n: string, w: string) => `When is the deadline to ${v} my ${n} ${w}`,
  (v: string, n: string, w: string) => `Do you accept requests to ${v} a ${n} ${w}`,
  (v: string, n: string, w: string) => `${n}: how to ${v} ${w}`,
  (v: string, n: string, w: string) => `Any update on how to ${v} the ${n} ${w}?`,
  (v: string, n: string, w: string) => `Trying to ${v} ${n} ${w}, what now?`,
];

export interface BenchIntent {
  name: string;
  phrases: string[];
}

const SYLLABLES = ['ka', 'lo', 'ren', 'bri', 'mst', 'ed', 'sa', 'vi', 'tor', 'nel', 'pa', 'dun', 'mi', 'ra', 'gos', 'te', 'lin', 'ho', 'bar', 'qui', 'zen', 'fo', 'wa', 'cel', 'di', 'mar', 'yu', 'ston', 'el', 'ga', 'pri', 'son', 'ul', 'vex', 'ta', 'nor', 'bel', 'ki', 'ros', 'am'];

/** A scheme's made-up name (agencies' FAQs are full of scheme names: "Silver Support", "Baby Bonus"). */
function schemeName(random: () => number): string {
  const syllables = 2 + Math.floor(random() * 2);
  let word = '';
  for (let i = 0; i < syllables; i += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return word[0].toUpperCase() + word.slice(1);
}

/**
 * Each intent is one (verb, scheme): a scheme is a made-up name and a kind of service ("Kalobri
 * housing grant"); a scheme has an intent per verb, so those intents overlap as real ones do
 * ("How do I renew my Kalobri housing grant" / "How do I cancel my …"). One intent in ten also carries
 * a copy of another intent's phrase (the same words, or with a typo): the near and exact duplicates
 * conflict detection is for.
 */
export function conflictBenchIntents(intents = 10_000, perIntent = 5, seed = 20): BenchIntent[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out: BenchIntent[] = [];
  let scheme = '';
  for (let i = 0; i < intents; i += 1) {
    const verb = VERBS[i % VERBS.length];
    if (i % VERBS.length === 0) scheme = `${schemeName(random)} ${NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]}`;
    const phrases = new Set<string>();
    const copies = i > 0 && random() < 0.1 ? 1 : 0;
    while (phrases.size < perIntent - copies) {
      const who = random() < 0.3 ? pick(WHO) : '';
      phrases.add(pick(TEMPLATES)(verb, scheme, who).replace(/\s+([?]?)$/, '$1').replace(/\s+/g, ' '));
    }
    if (copies) {
      const source = pick(out[Math.floor(random() * out.length)].phrases);
      const at = Math.floor(random() * source.length);
      phrases.add(random() < 0.5 ? source : source.slice(0, at) + source.slice(at + 1));
    }
    out.push({ name: `Intent ${i + 1}: ${verb} ${scheme}`, phrases: [...phrases] });
  }
  return out;
}
