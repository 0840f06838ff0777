import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import type { AgentImportPreview } from '../common/api';
import { JobsPage } from './jobs-page';
import { publishingModule } from './publishing-module';

const TOKEN = 'a'.repeat(64);

const preview = (more: Partial<AgentImportPreview> = {}): AgentImportPreview => ({
  fileName: 'agent.zip',
  agentName: 'Agent',
  intents: { new: 1, changed: 2, unchanged: 1 },
  entityTypes: { new: 0, changed: 1, unchanged: 0 },
  items: [
    { type: 'intent', name: 'Parking', status: 'new', changes: [] },
    { type: 'intent', name: 'Passport fees', status: 'changed', changes: ['1 phrase added', 'responses changed'] },
    { type: 'intent', name: 'Renew passport', status: 'changed', changes: ['parameters changed'] },
    { type: 'intent', name: 'Opening hours', status: 'unchanged', changes: [] },
    { type: 'entityType', name: 'document', status: 'changed', changes: ['1 entry added'] },
  ],
  tierLimit: null,
  previewToken: TOKEN,
  ...more,
});

const job = { id: 'j1', kind: 'publishing.import-agent', status: 'queued', progress: 0, counts: {}, errors: [], cancelRequested: false, createdByEmail: 'editor@demo.gov.sg', createdAt: '2026-11-20T10:00:00.000Z', startedAt: null, finishedAt: null };

async function chooseZip(result: AgentImportPreview) {
  const previewRoute = jest.fn((_request: FakeRequest) => result);
  const importRoute = jest.fn((_request: FakeRequest) => ({ job, overwritten: 3 }));
  await renderInTestApp(<JobsPage />, {
    user: userWithRole('1', ['a1']),
    app: testApp('a1', 'Plus'),
    modules: [publishingModule],
    route: '/importjob/a1',
    path: '/importjob/:appId',
    api: { 'GET /api/v1/apps/:appId/jobs': { jobs: [] }, 'POST /api/v1/apps/:appId/import/preview': previewRoute, 'POST /api/v1/apps/:appId/import': importRoute },
  });
  const zip = new File(['PK'], 'agent.zip', { type: 'application/zip' });
  // jsdom's Blob has no arrayBuffer(): lend this file the browser's.
  const bytes = new TextEncoder().encode('PK');
  const arrayBuffer = async () => bytes.buffer;
  Object.assign(zip, { arrayBuffer, slice: () => ({ arrayBuffer }) });
  await userEvent.upload(await screen.findByLabelText('Import a Dialogflow agent zip'), zip);
  await waitFor(() => expect(previewRoute).toHaveBeenCalledTimes(1));
  expect(previewRoute.mock.calls[0][0]).toMatchObject({ params: { appId: 'a1' }, body: { fileName: 'agent.zip', content: btoa('PK') } });
  return { previewRoute, importRoute, dialog: await screen.findByRole('dialog', { name: 'Import agent.zip' }) };
}

describe('Agent zip import preview', () => {
  // jsdom lays nothing out: give the virtualised table a viewport so it renders its rows.
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 900, width: 900, height: 600, toJSON: () => ({}) });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows totals and each intent and entity type as new, changed (with what) or unchanged, filtered by result; nothing is imported before Import', async () => {
    const { dialog, importRoute } = await chooseZip(preview());
    expect(within(dialog).getByRole('status').textContent).toBe('Intents: 1 new, 2 changed, 1 unchanged. Entity types: 0 new, 1 changed, 0 unchanged.');
    expect(within(dialog).getByText('2 changed intents and 1 changed entity type will be overwritten')).toBeTruthy();
    const grid = within(dialog).getByRole('grid', { name: 'What the import does' });
    expect(grid.getAttribute('aria-rowcount')).toBe('6');
    await waitFor(() => expect(within(dialog).getByText('1 phrase added, responses changed')).toBeTruthy());
    expect(within(dialog).getByText('Opening hours')).toBeTruthy();
    expect(within(dialog).getByText('Entity type')).toBeTruthy();

    const show = within(dialog).getByRole('group', { name: 'Show' });
    await userEvent.click(within(show).getByRole('button', { name: 'Changed (3)' }));
    expect(within(show).getByRole('button', { name: 'Changed (3)' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(dialog).queryByText('Opening hours')).toBeNull());
    expect(within(dialog).getByText('Passport fees')).toBeTruthy();
    expect(within(dialog).queryByText('Parking')).toBeNull();
    expect(grid.getAttribute('aria-rowcount')).toBe('4');
    expect(importRoute).not.toHaveBeenCalled();
  });

  it('asks in words before overwriting changed intents, then imports with the preview token and overwrite', async () => {
    const { dialog, importRoute } = await chooseZip(preview());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('2 changed intents and 1 changed entity type will be overwritten.');
    expect(importRoute).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(importRoute).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Overwrite and import' }));
    await waitFor(() => expect(importRoute).toHaveBeenCalledTimes(1));
    expect(importRoute.mock.calls[0][0]).toMatchObject({ body: { fileName: 'agent.zip', content: btoa('PK'), previewToken: TOKEN, overwrite: true } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import agent.zip' })).toBeNull());
  });

  it('imports at once when nothing would be overwritten; Cancel imports nothing', async () => {
    const onlyNew = preview({ intents: { new: 1, changed: 0, unchanged: 0 }, entityTypes: { new: 0, changed: 0, unchanged: 0 }, items: [{ type: 'intent', name: 'Parking', status: 'new', changes: [] }] });
    const first = await chooseZip(onlyNew);
    expect(within(first.dialog).queryByText(/will be overwritten/)).toBeNull();
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(first.importRoute).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText('Import a Dialogflow agent zip'), Object.assign(new File(['PK'], 'agent.zip'), { arrayBuffer: async () => new TextEncoder().encode('PK').buffer }));
    const dialog = await screen.findByRole('dialog', { name: 'Import agent.zip' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(first.importRoute).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(first.importRoute.mock.calls[0][0]).toMatchObject({ body: { previewToken: TOKEN, overwrite: false } });
  });

  it('does not offer Import past the tier limit', async () => {
    const { dialog } = await chooseZip(preview({ tierLimit: 'The Plus tier allows 100 intents. This would add 1 new intents or Q&A to the 100 the app has; nothing was imported.' }));
    expect(within(dialog).getByText(/The Plus tier allows 100 intents/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
