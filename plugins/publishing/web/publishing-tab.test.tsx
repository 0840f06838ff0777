import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import type { DiffResult, PublishingOverview, ReplayResultView, VersionSummary } from '../common/api';
import { publishingModule } from './publishing-module';
import { PublishingTab } from './publishing-tab';

const version = (number: number, note: string): VersionSummary => ({
  id: `0000000${number}-0000-4000-8000-000000000000`,
  number,
  note,
  authorEmail: 'editor@demo.gov.sg',
  approvedByEmail: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  intents: 3,
  phrases: 5,
  entityTypes: 1,
});
const v1 = version(1, 'First release');
const v2 = version(2, 'Fees updated');

const overview = (more: Partial<PublishingOverview> = {}): PublishingOverview => ({
  production: v2,
  productionChangedAt: v2.createdAt,
  productionChangedByEmail: 'editor@demo.gov.sg',
  versions: [v2, v1],
  requireApproval: false,
  approvalByDeployment: false,
  pendingRequest: null,
  draftProgress: { appId: 'a1', progress: 100, status: 'succeeded', version_reference_id: v2.id, conflictCheckRecommended: true },
  reviewOverdue: [{ intentId: 'i9', displayName: 'Passport fees', kind: 'qna', reviewBy: '2020-01-31' }],
  draftChanged: true,
  ...more,
});

const diff: DiffResult = {
  from: 'production',
  to: 'draft',
  diff: {
    summary: { added: 0, removed: 0, changed: 1 },
    changes: [{ section: 'intents', id: 'i9', name: 'Passport fees', change: 'changed', fields: [{ field: 'Answer owner', before: 'ICA', after: 'ICA Finance' }] }],
  },
};

async function renderTab(role: '0' | '1' | '2', api: Record<string, unknown> = {}, plugins: string[] = []) {
  return renderInTestApp(<PublishingTab appId="a1" />, {
    config: { plugins },
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    modules: [publishingModule],
    route: '/app-settings/bot-publishing/a1',
    path: '/app-settings/:tabId/:appId',
    api: {
      'GET /api/v1/apps/:appId/publishing': overview(),
      'GET /api/v1/apps/:appId/publishing/diff': diff,
      ...api,
    },
  });
}

describe('PublishingTab', () => {
  it('shows production, the history and the field-level diff; viewers get no publish or rollback', async () => {
    await renderTab('0');
    expect(await screen.findByText(/Version 2 — “Fees updated”, published by editor@demo.gov.sg/)).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Published versions' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('2 (production)')).toBeTruthy();
    expect(await screen.findByText('ICA Finance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Roll back production/ })).toBeNull();
    expect(screen.getByText('Conflict check recommended')).toBeTruthy();
  });

  it('before the first publish, the diff is from "nothing published yet" to the draft, never Draft to Draft', async () => {
    const first: DiffResult = { from: 'production', to: 'draft', diff: { summary: { added: 1, removed: 0, changed: 0 }, changes: [{ section: 'intents', id: 'i1', name: 'Fees', change: 'added', fields: [{ field: 'Name', before: null, after: 'Fees' }] }] } };
    await renderTab('1', { 'GET /api/v1/apps/:appId/publishing': overview({ production: null, productionChangedAt: null, productionChangedByEmail: null, versions: [] }), 'GET /api/v1/apps/:appId/publishing/diff': first });
    const from = (await screen.findByLabelText('From')) as HTMLSelectElement;
    expect(from.selectedOptions[0]?.textContent).toBe('Nothing published yet');
    expect((screen.getByLabelText('To') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Draft');
    expect(await screen.findByRole('columnheader', { name: 'Nothing published yet' })).toBeTruthy();
  });

  it('publishes with a note; the dialog lists overdue reviews and recommends conflict detection', async () => {
    const publish = jest.fn((_request: FakeRequest) => ({ job: { id: 'j1' }, request: null }));
    const { api } = await renderTab('1', { 'POST /api/v1/apps/:appId/publishing/publish': publish });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Run conflict detection first')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Passport fees' }).getAttribute('href')).toBe('/QandA/a1/edit/i9');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Fees for 2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(publish.mock.calls[0][0]).toMatchObject({ params: { appId: 'a1' }, body: { note: 'Fees for 2027' } });
    expect(await screen.findByText('Publishing started')).toBeTruthy();
    expect(api.callsTo('GET', '/api/v1/apps/a1/publishing').length).toBeGreaterThanOrEqual(2);
  });

  it('follows a running publish: the bar moves with Draft progress, and its end is announced and reloads the page', async () => {
    const running = overview({ draftProgress: { ...overview().draftProgress, progress: 40, status: 'running' } });
    const steps = [
      { ...running.draftProgress, progress: 70 },
      { ...running.draftProgress, progress: 100, status: 'succeeded' },
    ];
    const { api } = await renderTab('1', {
      'GET /api/v1/apps/:appId/publishing': running,
      'GET /api/v1/apps/:appId/draft-progress': () => steps.shift() ?? steps.at(-1),
    });
    expect(await screen.findByText('Publishing… 40%')).toBeTruthy();
    expect(await screen.findByText('Publishing… 70%', undefined, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByText('Published to production', undefined, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/apps/a1/publishing').length).toBeGreaterThanOrEqual(2));
  });

  it('follows the publish job it queued by its id until the job ends, then reloads', async () => {
    const job = { id: 'j7', kind: 'publish', status: 'running', progress: 0, counts: {}, errors: [], cancelRequested: false, createdByEmail: 'editor@demo.gov.sg', createdAt: v2.createdAt, startedAt: null, finishedAt: null };
    const states = ['running', 'succeeded'];
    const { api } = await renderTab('1', {
      'POST /api/v1/apps/:appId/publishing/publish': { job, request: null, acknowledgedChanges: 0 },
      'GET /api/v1/apps/:appId/jobs/:jobId': () => ({ job: { ...job, status: states.shift() ?? 'succeeded' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/apps/a1/jobs/j7')).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/apps/a1/publishing')).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(api.callsTo('GET', '/api/v1/apps/a1/jobs/j7')).toHaveLength(2);
  });

  it('lets an app admin roll back to an earlier version after confirming', async () => {
    const rollback = jest.fn((_request: FakeRequest) => ({ production: v1 }));
    await renderTab('2', { 'POST /api/v1/apps/:appId/publishing/rollback': rollback });
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back production to version 1' }));
    expect(screen.queryByRole('button', { name: 'Roll back production to version 2' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(rollback).toHaveBeenCalledTimes(1));
    expect(rollback.mock.calls[0][0]).toMatchObject({ body: { versionId: v1.id } });
  });

  describe('replay recent questions (publish dialog)', () => {
    const answer = (intentName: string | null, confidence: number) => ({ intentId: intentName, intentName, confidence, fallback: intentName === null, messages: [] });
    const replayed: ReplayResultView = {
      published: true,
      questions: 200,
      distinct: 120,
      changes: [
        { question: 'can I adopt a cat', asked: 3, change: 'intent', production: answer(null, 0.21), draft: answer('Adopt a cat', 0.87) },
        { question: 'pay my parking ticket', asked: 1, change: 'answer', production: answer('Parking fine', 0.9), draft: answer('Parking fine', 0.91) },
      ],
    };

    async function openDialog(api: Record<string, unknown>, plugins = ['publishing', 'dialog-engine']) {
      await renderTab('1', api, plugins);
      await userEvent.click(await screen.findByRole('button', { name: 'Publish…' }));
      return screen.findByRole('dialog');
    }

    it('replays the last questions when it opens, lists the answers that would change and publishes only once they are acknowledged', async () => {
      let finish: (value: ReplayResultView) => void = () => undefined;
      const replay = jest.fn((_request: FakeRequest) => new Promise<ReplayResultView>((resolve) => (finish = resolve)));
      const publish = jest.fn((_request: FakeRequest) => ({ job: { id: 'j1' }, request: null, acknowledgedChanges: 2 }));
      const dialog = await openDialog({ 'POST /api/v1/apps/:appId/replay': replay, 'POST /api/v1/apps/:appId/publishing/publish': publish });
      expect(within(dialog).getByRole('heading', { name: 'Replay recent questions' })).toBeTruthy();
      expect(await within(dialog).findByText(/Replaying questions against the draft and production/)).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
      expect(replay.mock.calls[0][0]).toMatchObject({ params: { appId: 'a1' } });
      finish(replayed);
      const table = await within(dialog).findByRole('table', { name: 'Answers that would change' });
      const rows = within(table).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(rows[1].textContent).toContain('can I adopt a cat (asked 3 times)');
      expect(rows[1].textContent).toContain('Fallback (21%)');
      expect(rows[1].textContent).toContain('Adopt a cat (87%)');
      expect(rows[2].textContent).toContain('Parking fine (91%) — same intent, new reply');
      expect(within(dialog).getByText(/2 of 120 different questions would be answered differently/)).toBeTruthy();
      const publishButton = within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
      expect(publishButton.disabled).toBe(true);
      await userEvent.click(within(dialog).getByLabelText('I have checked the 2 answers that would change, and want to publish'));
      expect(publishButton.disabled).toBe(false);
      await userEvent.click(publishButton);
      await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
      expect(publish.mock.calls[0][0]).toMatchObject({ body: { note: '', acknowledgeChanges: true } });
    });

    it('says so when no answer would change', async () => {
      const dialog = await openDialog({ 'POST /api/v1/apps/:appId/replay': { ...replayed, changes: [] } });
      expect(await within(dialog).findByText('No answers would change')).toBeTruthy();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      expect(within(dialog).queryByRole('table', { name: 'Answers that would change' })).toBeNull();
    });

    it('is not offered where the dialog engine is not enabled', async () => {
      const without = await openDialog({}, ['publishing']);
      expect(within(without).queryByRole('heading', { name: 'Replay recent questions' })).toBeNull();
    });

    it('hides itself when the replay route answers 404', async () => {
      const dialog = await openDialog({});
      await waitFor(() => expect(within(dialog).queryByRole('heading', { name: 'Replay recent questions' })).toBeNull());
    });
  });

  it('shows a request whose draft changed since it was filed as out of date, without an approve action', async () => {
    const pendingRequest = {
      id: 'r1',
      note: 'Fees for 2027',
      status: 'pending' as const,
      requestedByEmail: 'editor@demo.gov.sg',
      requestedAt: '2026-11-21T10:00:00.000Z',
      decidedByEmail: null,
      decidedAt: null,
      stale: true,
    };
    const diffs: string[] = [];
    await renderTab('2', {
      'GET /api/v1/apps/:appId/publishing': overview({ requireApproval: true, pendingRequest }),
      'GET /api/v1/apps/:appId/publishing/diff': (request: FakeRequest) => {
        diffs.push(`${request.query?.from} → ${request.query?.to}`);
        return diff;
      },
    });
    expect(await screen.findByText('Publish request out of date')).toBeTruthy();
    expect(screen.getByText(/The draft changed after this publish request was made/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve and publish' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Review what it publishes' }));
    await waitFor(() => expect(diffs).toContain('production → request'));
  });
});
