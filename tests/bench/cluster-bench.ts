/**
 * Training by clusters on 10,000 questions (issue 18: ≤ 10 s on this machine). Run alone:
 * `node --import tsx tests/bench/cluster-bench.ts`; exits non-zero past the target.
 * The questions are made from a dozen themes with varied wording, typos and noise, so the
 * silhouette search has real structure to find. Then the clusters' quality on real questions:
 * Banking77's ten held-out intents (what an inbox of unmatched questions holds: topics the bot
 * has no intent for), against their true intents — purity, NMI, and how many were left ungrouped.
 */
import { questionFeatures } from '../../plugins/dialog-engine/server/question-features';
import { clusterQuestions } from '../../plugins/training/server/cluster-jobs';
import { seededRandom } from '@civic/sdk/server/random';
import { heldOutIntents, loadBanking77, type LabelledText } from './banking77';

const rowsOf = (texts: readonly string[]) => texts.map((data, i) => ({ transcriptId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, data }));

/** Purity and normalised mutual information of the clusters against the true labels (over the grouped questions). */
function quality(items: readonly LabelledText[]): string {
  const result = clusterQuestions(questionFeatures, rowsOf(items.map((q) => q.text)));
  const pairs = result.clusters.flatMap((c) => c.transcriptIds.map((id) => [items[Number(id.slice(-12))].label, c.id] as const));
  const count = <K,>(keys: K[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>());
  const entropy = (m: Map<unknown, number>) => -[...m.values()].reduce((s, n) => s + (n / pairs.length) * Math.log(n / pairs.length), 0);
  const labels = count(pairs.map(([l]) => l));
  const clusters = count(pairs.map(([, c]) => c));
  const joint = count(pairs.map(([l, c]) => `${l}|${c}`));
  const nmi = (2 * (entropy(labels) + entropy(clusters) - entropy(joint))) / (entropy(labels) + entropy(clusters));
  const purity = result.clusters.reduce((s, c) => s + Math.max(...count(c.transcriptIds.map((id) => items[Number(id.slice(-12))].label)).values()), 0) / pairs.length;
  return `${items.length} questions of ${labels.size} intents → ${result.clusters.length} clusters, purity ${purity.toFixed(3)}, NMI ${nmi.toFixed(3)}, ungrouped ${result.ungrouped}`;
}

const THEMES: string[][] = [
  ['withdraw', 'retirement savings', 'cpf', 'age 55', 'payout'],
  ['baby bonus', 'cash gift', 'newborn', 'child development account', 'apply'],
  ['hdb flat', 'bto', 'resale', 'housing grant', 'waiting time'],
  ['driving licence', 'convert foreign', 'theory test', 'renew licence', 'lost licence'],
  ['income tax', 'file tax return', 'tax relief', 'instalments', 'deadline'],
  ['passport', 'renew', 'photo', 'collection', 'fees'],
  ['parking fine', 'summons', 'appeal', 'pay online', 'credit card'],
  ['vaccination', 'flu jab', 'polyclinic', 'book slot', 'children'],
  ['change address', 'moved house', 'update ic', 'new address', 'online'],
  ['senior concession', 'elderly card', 'transport discount', 'apply', 'eligibility'],
  ['medisave', 'hospital bill', 'claim', 'insurance', 'coverage'],
  ['job seeker', 'career fair', 'skills future credit', 'course', 'training grant'],
];
const OPENERS = ['how do i', 'can i', 'what is the', 'where to', 'when can i', 'help with', 'i want to', 'is it possible to', ''];

const next = seededRandom(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
// Each question distinct (a case reference of its own): the clustering counts a repeated question once,
// so 10,000 questions drawn from a few thousand wordings would time a few thousand points.
const rows = rowsOf(
  Array.from({ length: 10_000 }, (_, i) => {
    const theme = pick(THEMES);
    const text = `${pick(OPENERS)} ${pick(theme)} ${pick(theme)} ref ${10_000 + i}`.trim();
    return next() < 0.2 ? text.replace(/[aeiou]/, '') : text;
  }),
);

const started = performance.now();
const result = clusterQuestions(questionFeatures, rows);
const seconds = (performance.now() - started) / 1000;
console.log(`10,000 questions (${new Set(rows.map((r) => r.data)).size.toLocaleString()} distinct) → ${result.clusters.length} clusters (k by silhouette ${result.silhouette}) in ${seconds.toFixed(2)} s`);
for (const c of result.clusters.slice(0, 12)) console.log(`  ${String(c.size).padStart(5)}  ${c.label}  — e.g. “${c.representatives[0]}”`);
const banking = loadBanking77();
const held = new Set(heldOutIntents(banking.categories));
console.log(`Banking77 held-out intents, test split: ${quality(banking.test.filter((q) => held.has(q.label)))}`);
console.log(`Banking77 held-out intents, train split: ${quality(banking.train.filter((q) => held.has(q.label)))}`);
const ok = seconds <= 10;
console.log(`${ok ? 'PASS' : 'FAIL'} training by clusters, 10,000 questions: ${seconds.toFixed(2)} s (target ≤ 10 s)`);
process.exit(ok ? 0 : 1);
