import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import type { ConflictGroup, ConflictPair, ConflictReport } from '../common/api';
import { ConflictsPage } from './conflicts-page';
import { publishingModule } from './publishing-module';

const intent = (id: string, name: string) => ({ id, name, kind: 'intent' as const });
const group = (n: number, pairs: number): ConflictGroup => ({ a: intent(`a${n}`, `Intent A${n}`), b: intent(`b${n}`, `Intent B${n}`), pairs, maxScore: 0.9, identical: n === 1 ? 1 : 0 });
const pair = (n: number): ConflictPair => ({
  score: 0.9,
  identical: false,
  a: { phraseId: `pa${n}`, text: `renew passport ${n}`, intentId: 'a1', intentName: 'Intent A1', intentKind: 'intent' },
  b: { phraseId: `pb${n}`, text: `renew my passport ${n}`, intentId: 'b1', intentName: 'Intent B1', intentKind: 'intent' },
});

const report = (more: Partial<ConflictReport>): ConflictReport => ({
  totals: { runAt: '2026-11-20T10:00:00.000Z', threshold: 0.8, phrases: 50_000, groups: 3, pairs: 1_234, identical: 56, millis: 8_400 },
  sort: 'pairs',
  groups: [group(1, 1_000), group(2, 200)],
  next: '200.2',
  job: null,
  recommended: false,
  ...more,
});

async function renderPage(role: '0' | '1', api: Record<string, unknown>) {
  return renderInTestApp(<ConflictsPage />, {
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    modules: [publishingModule],
    route: '/conflict-resolution/a1',
    path: '/conflict-resolution/:appId',
    api,
  });
}

describe('ConflictsPage', () => {
  it('shows the totals and the intent pairs, pages on with the cursor, and opens a pair to its phrase pairs', async () => {
    const groups = jest.fn(({ query }: FakeRequest) => (query?.after === '200.2' ? report({ groups: [group(3, 34)], next: null }) : report({})));
    const pairs = jest.fn(({ query }: FakeRequest) => (query?.after ? { pairs: [pair(3)], next: null } : { pairs: [pair(1), pair(2)], next: '2' }));
    const { api } = await renderPage('1', { 'GET /api/v1/apps/:appId/conflicts': groups, 'GET /api/v1/apps/:appId/conflicts/groups/:intentA/:intentB/pairs': pairs });
    const totals = await screen.findByLabelText('Conflict detection totals');
    expect(totals.textContent).toContain('50,000 phrases checked in 8.4 s');
    expect(totals.textContent).toContain('1,234 similar pairs (56 identical) between 3 pairs of intents');
    const list = screen.getByRole('list', { name: 'Pairs of intents with similar phrases' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Show more pairs of intents' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(groups.mock.calls[1][0].query).toMatchObject({ sort: 'pairs', after: '200.2' });
    expect(screen.queryByRole('button', { name: 'Show more pairs of intents' })).toBeNull();

    const first = screen.getByRole('button', { name: /Intent A1 ↔ Intent B1/ });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(first.textContent).toContain('1000 pairs');
    expect(first.textContent).toContain('1 identical');
    await userEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Phrase pairs of Intent A1 and Intent B1' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(api.callsTo('GET', '/api/v1/apps/a1/conflicts/groups/a1/b1/pairs')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show more pairs' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(pairs.mock.calls[1][0].query).toMatchObject({ after: '2' });
  });

  it('moves a phrase with its button, then reads the list again', async () => {
    const move = jest.fn((_request: FakeRequest) => ({ moved: true }));
    const { api } = await renderPage('1', {
      'GET /api/v1/apps/:appId/conflicts': report({ next: null }),
      'GET /api/v1/apps/:appId/conflicts/groups/:intentA/:intentB/pairs': { pairs: [pair(1)], next: null },
      'POST /api/v1/apps/:appId/conflicts/phrases/:phraseId/move': move,
    });
    await userEvent.click(await screen.findByRole('button', { name: /Intent A1 ↔ Intent B1/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move “renew passport 1” to Intent B1' }));
    await waitFor(() => expect(move).toHaveBeenCalledTimes(1));
    expect(move.mock.calls[0][0]).toMatchObject({ params: { phraseId: 'pa1' }, body: { toIntentId: 'b1' } });
    await waitFor(() => expect(api.callsTo('GET', '/api/v1/apps/a1/conflicts').length).toBeGreaterThanOrEqual(2));
  });

  it('shows progress while a run goes, and a viewer gets no fixes nor run button', async () => {
    await renderPage('0', {
      'GET /api/v1/apps/:appId/conflicts': report({
        next: null,
        job: { id: 'j1', kind: 'publishing.conflicts', status: 'running', progress: 42, counts: { phrases: 50_000 }, errors: [], cancelRequested: false, createdByEmail: 'e@x', createdAt: '', startedAt: null, finishedAt: null },
      }),
      'GET /api/v1/apps/:appId/conflicts/groups/:intentA/:intentB/pairs': { pairs: [pair(1)], next: null },
    });
    expect(await screen.findByText('Checking 50,000 phrases… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Conflict detection progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run conflict detection' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Intent A1 ↔ Intent B1/ }));
    await screen.findByRole('table', { name: 'Phrase pairs of Intent A1 and Intent B1' });
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });
});
