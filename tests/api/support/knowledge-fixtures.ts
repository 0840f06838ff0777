import { eq } from 'drizzle-orm';
import { categories, entityTypes, glossaryTerms, intentCategories, intentLabels, intents, labels, trainingPhrases } from './tables';
import type { DbExecutor } from '@civic/core/server/db/database';
import type { Got } from 'got';
import { call } from './api-call';

/** Empties the app's knowledge base (the demo seed's included), so a test owns all of it. */
export async function clearKnowledge(db: DbExecutor, appId: string): Promise<void> {
  await db.delete(intents).where(eq(intents.appId, appId));
  await db.delete(entityTypes).where(eq(entityTypes.appId, appId));
  await db.delete(glossaryTerms).where(eq(glossaryTerms.appId, appId));
  await db.delete(categories).where(eq(categories.appId, appId));
  await db.delete(labels).where(eq(labels.appId, appId));
}

/** A small but varied knowledge base: parent and follow-up intents, a Q&A with classification, entity parts, several message kinds. */
export async function seedKnowledge(db: DbExecutor, appId: string): Promise<{ passportId: string; qnaId: string; childId: string }> {
  await clearKnowledge(db, appId);
  const [category] = await db.insert(categories).values({ appId, name: 'Travel' }).returning();
  const [label] = await db.insert(labels).values({ appId, name: 'urgent' }).returning();
  const [passport] = await db
    .insert(intents)
    .values({
      appId,
      kind: 'intent',
      displayName: 'Renew passport',
      action: 'passport.renew',
      events: ['renew'],
      outputContexts: [{ name: 'renew-followup', lifespanCount: 2 }],
      parameters: [{ reference_id: 'p1', display_name: 'document', entity_type_display_name: '@document', value: '$document', mandatory: true, is_list: false, prompts: ['Which document?'] }],
      responses: [
        { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['You can renew online.', 'Visit the ICA site.'] }, { type: 'quickReplies', title: 'More?', quickReplies: ['Fees', 'Time'] }, { type: 'html', html: '<b>Note</b>' }] },
        { platform: 'TELEGRAM', enable_default_response: false, messages: [{ type: 'card', card: { title: 'ICA', subtitle: 'Passports', imageUri: 'https://example.gov.sg/ica.png', buttons: [{ text: 'Open', postback: 'https://ica.gov.sg' }] } }] },
      ],
    })
    .returning();
  const [child] = await db.insert(intents).values({ appId, kind: 'intent', displayName: 'Renew passport - yes', parentId: passport.id, inputContexts: ['renew-followup'] }).returning();
  const [qna] = await db
    .insert(intents)
    .values({
      appId,
      kind: 'qna',
      displayName: 'Passport fees',
      answerOwner: 'ICA',
      sourceUrl: 'https://ica.gov.sg/fees',
      reviewBy: '2020-01-31',
      responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['It costs $70.'] }] }],
    })
    .returning();
  await db.insert(intentCategories).values({ intentId: qna.id, categoryId: category.id });
  await db.insert(intentLabels).values({ intentId: qna.id, labelId: label.id });
  await db.insert(trainingPhrases).values([
    { intentId: passport.id, appId, position: 0, referenceId: 'r1', type: 'example', parts: [{ text: 'renew my ' }, { text: 'passport', entity_type: '@document', param_name: 'document', manual_tagged: true }], text: 'renew my passport', entityTypes: ['@document'] },
    { intentId: passport.id, appId, position: 1, referenceId: 'r2', type: 'example', parts: [{ text: 'How do I renew my passport?' }], text: 'How do I renew my passport?' },
    { intentId: child.id, appId, position: 0, referenceId: 'r3', type: 'example', parts: [{ text: 'yes please' }], text: 'yes please' },
    { intentId: qna.id, appId, position: 0, referenceId: 'r4', type: 'example', parts: [{ text: 'How much is a passport?' }], text: 'How much is a passport?' },
    { intentId: qna.id, appId, position: 1, referenceId: 'r5', type: 'template', parts: [{ text: 'passport fee' }], text: 'passport fee' },
  ]);
  await db.insert(entityTypes).values({ appId, displayName: 'document', kind: 'KIND_MAP', enableFuzzyExtraction: true, entries: [{ value: 'passport', synonyms: ['passport', 'pp'] }, { value: 'ic', synonyms: ['identity card', 'nric'] }] });
  await db.insert(glossaryTerms).values({ appId, term: 'ICA', synonyms: ['immigration'], definition: 'Immigration & Checkpoints Authority' });
  return { passportId: passport.id, qnaId: qna.id, childId: child.id };
}

/** Polls a job until it has finished; returns it. */
export async function waitForJob(http: Got, token: string, appId: string, jobId: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(http, 'GET', `/api/v1/apps/${appId}/jobs/${jobId}`, { token });
    if (response.status !== 200) throw new Error(`job ${jobId}: ${response.status} ${JSON.stringify(response.body)}`);
    const job = response.body.data.job as Record<string, unknown>;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(job.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
