import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { call } from './support/api-call';
import { startImportServer, type ImportServer } from './support/import-server';
import { clearKnowledge } from './support/knowledge-fixtures';
import { categories, entityTypes, glossaryTerms, intents, trainingPhrases } from './support/tables';

/**
 * "The embedded database never freezes the API" (issue 14): an agent zip import writes the draft in
 * short transactions, like the bulk import, so other requests are answered while it runs (on PGlite
 * they share its one connection) — and it is still all or nothing.
 */
const APP = 'demo-plus';
/** Intents in the zip (each with a phrases file: within the zip's 5,000 files). */
const INTENTS = 2_000;
const PHRASES = 4;
/** Every 100th intent is a follow-up of one far before it (another chunk's). */
const parentOf = (i: number) => (i % 100 === 99 ? i - 90 : undefined);
let s: ImportServer;

before(async () => {
  s = await startImportServer(APP);
});
after(async () => {
  await s?.t.close();
});

/** A Dialogflow ES agent of INTENTS intents named `${prefix} i`, with phrases, categories, follow-ups, an entity type and a glossary term. */
function agentZip(prefix: string): string {
  const files: Zippable = {
    'agent.json': strToU8(JSON.stringify({ displayName: prefix, language: 'en' })),
    'entities/colour.json': strToU8(JSON.stringify({ name: `${prefix} colour`, isOverridable: true, isEnum: false, automatedExpansion: false })),
    'entities/colour_entries_en.json': strToU8(JSON.stringify([{ value: 'red', synonyms: ['red', 'crimson'] }])),
    'civic/glossary.json': strToU8(JSON.stringify([{ term: `${prefix} term`, synonyms: ['t'], definition: 'A term' }])),
  };
  for (let i = 0; i < INTENTS; i += 1) {
    const parent = parentOf(i);
    files[`intents/${prefix} ${i}.json`] = strToU8(
      JSON.stringify({
        id: `id-${i}`,
        name: `${prefix} ${i}`,
        ...(parent === undefined ? {} : { parentId: `id-${parent}` }),
        responses: [{ messages: [{ type: 0, lang: 'en', speech: `Answer ${i}` }] }],
        civic: { categories: [`${prefix} category ${i % 7}`] },
      }),
    );
    files[`intents/${prefix} ${i}_usersays_en.json`] = strToU8(JSON.stringify(Array.from({ length: PHRASES }, (_, p) => ({ id: `p${p}`, data: [{ text: `${prefix} ${i} phrase ${p}` }] }))));
  }
  return Buffer.from(zipSync(files, { level: 1 })).toString('base64');
}

const startImport = (prefix: string) => s.start('import', `${prefix}.zip`, agentZip(prefix));
const db = () => s.t.server.db.db;

test('while a zip import writes the draft, requests are answered: the draft shows it growing before the job ends; a cancellation then is refused and it ends whole', { timeout: 240_000 }, async () => {
  const id = await startImport('Zip growing');
  const seenPart = await s.partSeenWhileRunning(id, INTENTS, 'intent');
  assert.ok(seenPart, 'a request answered while the job was writing saw part of the import (one long transaction would show none of it until the end)');
  // Past its commit point the import finishes: a cancellation is no longer taken.
  const cancelled = await call(s.t.http, 'POST', `/api/v1/apps/${APP}/jobs/${id}/cancel`, { token: s.editor });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const job = await s.wait(id, 180_000);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.deepEqual(job.counts, { intents: INTENTS, phrases: INTENTS * PHRASES, entities: 1, glossary: 1 });
  assert.equal(await s.inDraft('intent'), INTENTS);
  assert.equal(await s.stagesLeft(), 0, 'the stage is gone with the last chunk');

  // Whole: every phrase, category and follow-up link, the entity type and the glossary term.
  const ofApp = eq(intents.appId, APP);
  assert.equal(await db().$count(trainingPhrases, eq(trainingPhrases.appId, APP)), INTENTS * PHRASES);
  assert.equal(await db().$count(categories, eq(categories.appId, APP)), 7);
  assert.equal(await db().$count(entityTypes, eq(entityTypes.appId, APP)), 1);
  assert.equal(await db().$count(glossaryTerms, eq(glossaryTerms.appId, APP)), 1);
  const rows = await db().select({ id: intents.id, name: intents.displayName, parentId: intents.parentId }).from(intents).where(ofApp);
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  const children = rows.filter((row) => row.parentId !== null);
  assert.equal(children.length, INTENTS / 100, 'each follow-up is linked, its parent written in an earlier chunk');
  for (const child of children) {
    const i = Number(child.name.split(' ').at(-1));
    assert.equal(child.parentId, idOf.get(`Zip growing ${parentOf(i)}`), child.name);
  }

  // Importing it again changes nothing (by name): the same intents, phrases and links.
  const again = await s.wait(await startImport('Zip growing'), 180_000);
  assert.equal(again.status, 'succeeded', JSON.stringify(again));
  assert.equal(await s.inDraft('intent'), INTENTS);
  assert.equal(await db().$count(trainingPhrases, eq(trainingPhrases.appId, APP)), INTENTS * PHRASES);
  assert.equal(await db().$count(intents, and(ofApp, isNotNull(intents.parentId))), INTENTS / 100);
});

test('a zip import cancelled while it stages leaves nothing: no intent, phrase, category, entity type or term, no staged row', { timeout: 240_000 }, async () => {
  await clearKnowledge(db(), APP);
  const job = await s.cancelOnceStarted(await startImport('Zip cancelled'), 180_000);
  const inDraft = await s.inDraft('intent');
  // All or nothing: cancelled before its commit point (nearly always), or — had it got there — whole.
  if (job.status === 'cancelled') {
    assert.equal(inDraft, 0, 'a cancelled import wrote no intent');
    assert.equal(await db().$count(categories, eq(categories.appId, APP)), 0);
    assert.equal(await db().$count(entityTypes, eq(entityTypes.appId, APP)), 0);
    assert.equal(await db().$count(glossaryTerms, eq(glossaryTerms.appId, APP)), 0);
  } else assert.deepEqual([job.status, inDraft], ['succeeded', INTENTS]);
  assert.equal(await s.stagesLeft(), 0, 'its staged rows were discarded');
});
