import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import type { JobView } from '../common/api';
import { JobsPage } from './jobs-page';
import { publishingModule } from './publishing-module';

const job = (more: Partial<JobView>): JobView => ({
  id: 'j1',
  kind: 'publishing.import-agent',
  status: 'succeeded',
  progress: 100,
  counts: { intents: 12 },
  errors: [],
  cancelRequested: false,
  createdByEmail: 'editor@demo.gov.sg',
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: '2026-11-20T10:00:01.000Z',
  finishedAt: '2026-11-20T10:00:05.000Z',
  ...more,
});

async function renderPage(role: '0' | '1', jobs: JobView[], cancel?: (request: FakeRequest) => unknown) {
  return renderInTestApp(<JobsPage />, {
    user: userWithRole(role, ['a1']),
    app: testApp('a1', 'Plus'),
    modules: [publishingModule],
    route: '/importjob/a1',
    path: '/importjob/:appId',
    api: { 'GET /api/v1/apps/:appId/jobs': { jobs }, ...(cancel ? { 'POST /api/v1/apps/:appId/jobs/:jobId/cancel': cancel } : {}) },
  });
}

describe('JobsPage', () => {
  it('says so when the app has no jobs', async () => {
    await renderPage('0', []);
    expect(await screen.findByText('No jobs yet')).toBeTruthy();
  });

  it('lists kind, status, progress, counts, errors and who; an editor can cancel a running job', async () => {
    const cancel = jest.fn((_request: FakeRequest) => ({ job: job({ id: 'j2', status: 'running', cancelRequested: true }) }));
    await renderPage('1', [job({ id: 'j2', kind: 'publishing.publish', status: 'running', progress: 40, counts: {} }), job({ status: 'failed', errors: ['Row 2: the answer is missing'] })], cancel);
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('Publish')).toBeTruthy();
    expect(within(rows[1]).getByText('Running')).toBeTruthy();
    expect(within(rows[1]).getByText('40%')).toBeTruthy();
    expect(within(rows[2]).getByText('Agent import (zip)')).toBeTruthy();
    expect(within(rows[2]).getByText('Row 2: the answer is missing')).toBeTruthy();
    expect(within(rows[2]).getByText('12 intents')).toBeTruthy();
    expect(within(rows[2]).getByText('editor@demo.gov.sg')).toBeTruthy();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Cancel Publish job' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(cancel.mock.calls[0][0]).toMatchObject({ params: { appId: 'a1', jobId: 'j2' } });
  });

  it('shows no cancel button or import to a viewer', async () => {
    await renderPage('0', [job({ status: 'running', progress: 10 })]);
    await screen.findByRole('table', { name: 'Jobs' });
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByLabelText('Import a Dialogflow agent zip')).toBeNull();
  });
});
