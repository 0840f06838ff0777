import { renderInTestApp, screen, testApp, userWithRole, within } from '@civic/sdk/testing';
import type { TrainingHistoryEntry } from '../common/api';
import { describeAccuracy } from './accuracy-calls';
import { HistoryPage } from './history-page';
import { trainingModule } from './training-module';

const entry = (over: Partial<TrainingHistoryEntry>): TrainingHistoryEntry => ({
  id: over.id ?? 'e1',
  action: 'added-phrase',
  transcriptIds: ['t1', 't2'],
  intentId: 'i1',
  intentName: 'Renew passport',
  phrase: 'renew my passport',
  reason: null,
  by: 'editor@demo.gov.sg',
  at: '2026-11-20T08:00:00Z',
  accuracy: null,
  ...over,
});

jest.setTimeout(20_000);

describe('training history', () => {
  it('the change reads in points, and says what it was measured on', () => {
    expect(describeAccuracy({ basis: 'held-out', questions: 8, before: 0.625, after: 0.75, delta: 0.125 })).toEqual({ before: '62.5%', after: '75%', delta: '+12.5 points', basis: '8 held-out reviewed questions' });
    expect(describeAccuracy({ basis: 'test-cases', questions: 1, before: 1, after: 0.5, delta: -0.5 }).delta).toBe('−50 points');
    expect(describeAccuracy({ basis: 'test-cases', questions: 1, before: 1, after: 1, delta: 0 })).toMatchObject({ delta: '±0 points', basis: '1 test case' });
  });

  it('shows who trained what, when, with accuracy before, after and the change; unmeasured steps show dashes', async () => {
    await renderInTestApp(<HistoryPage />, {
      path: '/history/:appId',
      route: '/history/a1',
      user: userWithRole('0', ['a1']),
      app: testApp('a1', 'Plus'),
      modules: [trainingModule],
      api: {
        'GET /api/v1/apps/:appId/training-history': () => ({
          items: [
            entry({ id: 'e1', accuracy: { basis: 'test-cases', questions: 20, before: 0.7, after: 0.85, delta: 0.15 } }),
            entry({ id: 'e2', action: 'created-intent', intentName: 'Adopt a zebra', accuracy: null }),
            entry({ id: 'e3', action: 'dismissed', intentId: null, intentName: null, reason: 'Out of scope' }),
          ],
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Training history' });
    expect(within(table).getByRole('columnheader', { name: 'Accuracy before' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('70%');
    expect(rows[0].textContent).toContain('85%');
    expect(rows[0].textContent).toContain('+15 points on 20 test cases');
    expect(within(rows[1]).getAllByTitle('Not measured')).toHaveLength(3);
    expect(rows[2].textContent).toContain('Out of scope');
  });
});
