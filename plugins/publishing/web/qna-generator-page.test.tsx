import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { publishingModule } from './publishing-module';
import { QnaGeneratorPage } from './qna-generator-page';

describe('QnaGeneratorPage', () => {
  it('finds pairs in pasted text, lets the editor edit and discard, and adds the approved ones', async () => {
    const apply = jest.fn((_request: FakeRequest) => ({ job: { id: 'j1', kind: 'publishing.qna-generator', status: 'queued', progress: 0, counts: {}, errors: [], cancelRequested: false, createdByEmail: 'e', createdAt: '2026-11-20T10:00:00.000Z', startedAt: null, finishedAt: null } }));
    await renderInTestApp(<QnaGeneratorPage />, {
      user: userWithRole('1', ['a1']),
      app: testApp('a1', 'Plus'),
      modules: [publishingModule],
      route: '/qna-generator/a1',
      path: '/qna-generator/:appId',
      api: { 'POST /api/v1/apps/:appId/qna-generator/apply': apply, 'GET /api/v1/apps/:appId/jobs/:jobId': { job: { id: 'j1', kind: 'publishing.qna-generator', status: 'succeeded', progress: 100, counts: { created: 1 }, errors: [], cancelRequested: false, createdByEmail: 'e', createdAt: '2026-11-20T10:00:00.000Z', startedAt: null, finishedAt: null } } },
    });
    await userEvent.type(await screen.findByLabelText('Or paste the text'), 'Q: When are you open?{enter}A: From 9am.{enter}{enter}Q: Where are you?{enter}A: Kallang.');
    await userEvent.click(screen.getByRole('button', { name: 'Find Q&A pairs' }));
    const table = await screen.findByRole('table', { name: 'Candidate Q&A pairs' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.clear(screen.getByLabelText('Answer 1'));
    await userEvent.type(screen.getByLabelText('Answer 1'), 'From 9am to 5pm.');
    await userEvent.click(screen.getByRole('button', { name: 'Discard pair 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 to the draft' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(apply.mock.calls[0][0]).toMatchObject({ body: { source: 'Pasted text', pairs: [{ question: 'When are you open?', answer: 'From 9am to 5pm.' }] } });
  });

  it('reads an uploaded PDF on the server and shows its pairs and text for review', async () => {
    const read = jest.fn((_request: FakeRequest) => ({
      pages: 1,
      text: '# FAQ\n\n## How do I renew?\n\nOnline.',
      candidates: [{ question: 'How do I renew?', answer: 'Online.', from: 'heading' }],
    }));
    await renderInTestApp(<QnaGeneratorPage />, {
      user: userWithRole('1', ['a1']),
      app: testApp('a1', 'Plus'),
      modules: [publishingModule],
      route: '/qna-generator/a1',
      path: '/qna-generator/:appId',
      api: { 'POST /api/v1/apps/:appId/qna-generator/pdf': read },
    });
    const pdf = new File(['%PDF-1.7\n%%EOF'], 'faq.pdf', { type: 'application/pdf' });
    // jsdom's Blob has no arrayBuffer(): lend this file the browser's.
    const bytes = new TextEncoder().encode('%PDF-1.7\n%%EOF');
    const arrayBuffer = async () => bytes.buffer;
    Object.assign(pdf, { arrayBuffer, slice: () => ({ arrayBuffer }) });
    await userEvent.upload(await screen.findByLabelText('Document (HTML, Markdown, text or PDF)'), pdf);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(read.mock.calls[0][0]).toMatchObject({ body: { fileName: 'faq.pdf', content: btoa('%PDF-1.7\n%%EOF') } });
    const table = await screen.findByRole('table', { name: 'Candidate Q&A pairs' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect((screen.getByLabelText('Question 1') as HTMLInputElement).value).toBe('How do I renew?');
    expect((screen.getByLabelText('Or paste the text') as HTMLTextAreaElement).value).toContain('## How do I renew?');
    expect((screen.getByLabelText('Source (kept with each Q&A)') as HTMLInputElement).value).toBe('faq.pdf');
  });
});
