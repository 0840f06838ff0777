/**
 * Training by clusters on 10,000 questions (issue 18: ≤ 10 s on this machine). Run alone:
 * `node --import tsx tests/bench/cluster-bench.ts`; exits non-zero past the target.
 * The questions are made from a dozen themes with varied wording, typos and noise, so the
 * silhouette search has real structure to find.
 */
import { questionFeatures } from '../../plugins/dialog-engine/server/question-features';
import { clusterQuestions } from '../../plugins/training/server/cluster-jobs';
import { seededRandom } from '@civic/sdk/server/random';

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
const rows = Array.from({ length: 10_000 }, (_, i) => {
  const theme = pick(THEMES);
  let text = `${pick(OPENERS)} ${pick(theme)} ${pick(theme)}`.trim();
  if (next() < 0.2) text = text.replace(/[aeiou]/, '');
  return { transcriptId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, data: text };
});

const started = performance.now();
const result = clusterQuestions(questionFeatures, rows);
const seconds = (performance.now() - started) / 1000;
console.log(`10,000 questions → ${result.clusters.length} clusters (k by silhouette ${result.silhouette}) in ${seconds.toFixed(2)} s`);
for (const c of result.clusters.slice(0, 12)) console.log(`  ${String(c.size).padStart(5)}  ${c.label}  — e.g. “${c.representatives[0]}”`);
const ok = seconds <= 10;
console.log(`${ok ? 'PASS' : 'FAIL'} training by clusters, 10,000 questions: ${seconds.toFixed(2)} s (target ≤ 10 s)`);
process.exit(ok ? 0 : 1);
