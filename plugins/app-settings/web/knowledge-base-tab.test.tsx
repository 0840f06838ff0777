import { Messages } from '@civic/sdk/common/messages';
import { ApiError } from '@civic/sdk/web/services';
import { act, fireEvent, renderInTestApp, screen, testApp, testUser, userEvent, userWithRole, waitFor, type FakeRequest } from '@civic/sdk/testing';
import { appSettingsModule } from './app-settings-module';
import { KnowledgeBaseTab, READ_ONLY_REASON } from './knowledge-base-tab';

const app = testApp('a1', 'Plus');
const SETTINGS = 'PATCH /api/v1/apps/:appId/settings';

async function renderTab(role: '0' | '1' | '2' | 'platform', patch?: (request: FakeRequest) => unknown) {
  const user = role === 'platform' ? testUser({ isPlatformAdmin: true }) : userWithRole(role, ['a1']);
  const rendered = await renderInTestApp(<KnowledgeBaseTab appId="a1" />, {
    user,
    app,
    modules: [appSettingsModule],
    route: '/app-settings/knowledge-base/a1',
    path: '/app-settings/:tabId/:appId',
    settings: { a1: { mlConfidenceThreshold: 0.7, qnaConfidenceThreshold: 0.8 } },
    api: patch ? { [SETTINGS]: patch } : {},
  });
  const ml = (await screen.findByLabelText('ML confidence threshold')) as HTMLInputElement;
  const qna = screen.getByLabelText('Q&A confidence threshold') as HTMLInputElement;
  const save = screen.getByRole('button', { name: 'Save' });
  return { ...rendered, ml, qna, save };
}

describe('KnowledgeBaseTab', () => {
  it('shows the thresholds read-only to a viewer, saying why', async () => {
    const { ml, qna, save, api } = await renderTab('0');
    expect([ml.value, qna.value]).toEqual(['0.7', '0.8']);
    expect(ml.readOnly && qna.readOnly).toBe(true);
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(new RegExp(READ_ONLY_REASON))).toBeTruthy();
    expect(ml.getAttribute('aria-describedby')).toContain('kb-read-only');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(api.callsTo('PATCH', '/api/v1/apps/a1/settings')).toHaveLength(0);
  });

  it('lets an editor save both thresholds, then says "Saved"', async () => {
    const patch = jest.fn((_request: FakeRequest) => ({}));
    const { ml, qna, save } = await renderTab('1', patch);
    expect(ml.readOnly).toBe(false);
    await userEvent.clear(ml);
    await userEvent.type(ml, '0.55');
    await userEvent.clear(qna);
    await userEvent.type(qna, '0.9');
    await userEvent.click(save);
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toMatchObject({ params: { appId: 'a1' }, body: { mlConfidenceThreshold: 0.55, qnaConfidenceThreshold: 0.9 } });
    expect(await screen.findByText(Messages.saved)).toBeTruthy();
  });

  it('lets an editor choose Automatic (null thresholds: the model suggests one) and back', async () => {
    const patch = jest.fn((_request: FakeRequest) => ({}));
    const { save } = await renderTab('1', patch);
    await userEvent.click(screen.getByLabelText(/^Automatic/));
    expect(screen.queryByLabelText('ML confidence threshold')).toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toMatchObject({ body: { mlConfidenceThreshold: null, qnaConfidenceThreshold: null } });
    await userEvent.click(screen.getByLabelText('Fixed values'));
    expect((screen.getByLabelText('ML confidence threshold') as HTMLInputElement).value).toBe('0.7');
  });

  it('leaves out an emptied Q&A threshold (it is optional) and saves with Ctrl+S', async () => {
    const patch = jest.fn((_request: FakeRequest) => ({}));
    const { qna } = await renderTab('2', patch);
    await userEvent.clear(qna);
    await act(async () => {
      fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    });
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toMatchObject({ body: { mlConfidenceThreshold: 0.7 } });
    expect(patch.mock.calls[0][0].body).not.toHaveProperty('qnaConfidenceThreshold');
  });

  it('refuses out-of-range values with the DTO message before calling the server', async () => {
    const patch = jest.fn((_request: FakeRequest) => ({}));
    const { ml, save } = await renderTab('platform', patch);
    await userEvent.clear(ml);
    await userEvent.type(ml, '1.5');
    await userEvent.click(save);
    expect(screen.getByText(Messages.thresholdRange)).toBeTruthy();
    expect(ml.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(ml);
    expect(patch).not.toHaveBeenCalled();
  });

  it("maps the server's 422 onto the field", async () => {
    const { qna, save } = await renderTab('1', () => {
      throw new ApiError(422, 'Q&A threshold must not be below the ML threshold', {
        info: ['Q&A threshold must not be below the ML threshold'],
        fields: { qnaConfidenceThreshold: ['Q&A threshold must not be below the ML threshold'] },
      });
    });
    await userEvent.clear(qna);
    await userEvent.type(qna, '0.1');
    await userEvent.click(save);
    await waitFor(() => expect(qna.getAttribute('aria-invalid')).toBe('true'));
    const described = (qna.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Q&A threshold must not be below the ML threshold');
    expect(document.activeElement).toBe(qna);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { ml, router } = await renderTab('1', () => ({}));
    await userEvent.clear(ml);
    await userEvent.type(ml, '0.6');
    await act(async () => {
      await router.navigate('/dashboard');
    });
    expect(await screen.findByText(Messages.unsavedChanges)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app-settings/knowledge-base/a1');
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
