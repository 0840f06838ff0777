import { renderInTestApp, screen, testApp, userEvent, userWithRole, waitFor, within, type FakeRequest } from '@civic/sdk/testing';
import { definePlugin } from '@civic/sdk/common';
import { platformAdmin } from '@civic/sdk/common/access';
import { ApiError } from '@civic/sdk/web/services';
import type { HubSuggestions } from '../common/api';
import { TrainingHubPage } from './training-hub-page';
import { trainingModule } from './training-module';

jest.setTimeout(30_000);

const PASSPORT = { intentId: 'i1', intentName: 'Renew passport' };
const hub = (llm: HubSuggestions['llm']): HubSuggestions => ({
  intents: [{ ...PASSPORT, suggestions: [{ text: 'renew my pp', score: 0.52, asked: 2, transcriptIds: ['t1', 't2'] }] }],
  since: '2026-01-01T00:00:00Z',
  llm,
});
const intentOf = (id: string, displayName: string) => ({
  id, kind: 'intent', displayName, parentId: null, webhook_state: 'WEBHOOK_STATE_UNSPECIFIED', action: '', events: [], inputContexts: [], outputContexts: [],
  trainingPhrases: [{ type: 'example', parts: [{ text: 'renew passport' }] }], parameters: [], responses: [], categoryIds: [], labelIds: [], answerOwner: null, sourceUrl: null, reviewBy: null, version: 3,
});

/** A stand-in for credential-llm's manifest (training uses it): its provider page is what the hint links to. */
const llmPlugin = definePlugin({
  id: 'credential-llm',
  title: 'LLM provider',
  canAccess: platformAdmin,
  routes: [{ path: '/credential-llm', layout: 'main', title: 'LLM provider', load: async () => ({ default: () => null }) }],
});

function render(options: { llm: HubSuggestions['llm']; paraphrases?: (request: FakeRequest) => unknown; platformAdmin?: boolean; withLlmPlugin?: boolean }) {
  return renderInTestApp(<TrainingHubPage />, {
    path: '/training-hub/:appId',
    route: '/training-hub/a1',
    user: userWithRole('1', ['a1'], { isPlatformAdmin: options.platformAdmin ?? false }),
    app: testApp('a1', 'Plus'),
    modules: [trainingModule],
    plugins: options.withLlmPlugin === false ? [] : [llmPlugin],
    api: {
      'GET /api/v1/apps/:appId/training-hub/suggestions': () => hub(options.llm),
      'GET /api/v1/apps/:appId/training-hub/paraphrases': options.paraphrases ?? (() => ({ ...PASSPORT, source: 'Civic GPT', suggestions: [] })),
      'GET /api/v1/apps/:appId/intents': () => ({ rows: [{ id: 'i1', displayName: 'Renew passport', kind: 'intent', defaultKind: null }, { id: 'i2', displayName: 'Adopt a zebra', kind: 'intent', defaultKind: null }] }),
      'GET /api/v1/apps/:appId/intents/:intentId': ({ params }: FakeRequest) => ({ intent: intentOf(params.intentId!, params.intentId === 'i1' ? 'Renew passport' : 'Adopt a zebra') }),
      'PUT /api/v1/apps/:appId/intents/:intentId': ({ body }: FakeRequest) => ({ intent: body }),
      'POST /api/v1/feature-usages/auto-tp/actions': () => ({ recorded: true }),
    },
  });
}

describe('training hub with an LLM provider', () => {
  it('asks the provider for an intent; its phrases show with their source and are approved, edited or rejected, each counted (§7)', async () => {
    const { api } = await render({
      llm: { name: 'Civic GPT' },
      paraphrases: ({ query }: FakeRequest) => ({ intentId: query?.intentId, intentName: 'Renew passport', source: 'Civic GPT', suggestions: ['how do I renew my passport', 'passport renewal online', 'extend my passport'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ask Civic GPT for phrases like those of Renew passport' }));
    const section = await screen.findByRole('region', { name: 'Suggested by Civic GPT for Renew passport' });
    expect(within(section).getByRole('heading', { name: 'Suggested by Civic GPT' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/v1/apps/a1/training-hub/paraphrases')[0].query).toEqual({ intentId: 'i1' });
    // The engine's suggestion is still there beside them.
    expect(screen.getByRole('list', { name: 'Suggestions for Renew passport' })).toBeTruthy();

    await userEvent.click(await within(section).findByRole('button', { name: 'Approve “how do I renew my passport” for Renew passport' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/apps/a1/intents/i1')).toHaveLength(1));
    const put = api.callsTo('PUT', '/api/v1/apps/a1/intents/i1')[0].body as { trainingPhrases: Array<{ parts: Array<{ text: string }> }> };
    expect(put.trainingPhrases.map((p) => p.parts[0].text)).toEqual(['renew passport', 'how do I renew my passport']);
    await waitFor(() => expect(within(section).queryByDisplayValue('how do I renew my passport')).toBeNull());

    const edit = within(section).getByDisplayValue('passport renewal online');
    await userEvent.clear(edit);
    await userEvent.type(edit, 'renew my passport online');
    await userEvent.click(within(section).getByRole('button', { name: 'Approve “renew my passport online” for Renew passport' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/v1/apps/a1/intents/i1')).toHaveLength(2));

    await userEvent.click(within(section).getByRole('button', { name: 'Reject “extend my passport” for Renew passport' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/feature-usages/auto-tp/actions')).toHaveLength(3));
    const counts = api.callsTo('POST', '/api/v1/feature-usages/auto-tp/actions').map((c) => c.body as Record<string, unknown>);
    expect(counts.map((c) => [c.numberOfSuggestedTrainingPhrases, c.numberOfApprovedTrainingPhrases, c.numberOfEditedTrainingPhrases])).toEqual([[1, 1, 0], [1, 0, 1], [1, 0, 0]]);
    expect(counts.every((c) => c.intentId === 'i1' && c.appId === 'a1')).toBe(true);
    expect(api.callsTo('PUT', '/api/v1/apps/a1/intents/i1')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/v1/apps/a1/transcripts/bulk-update-review-status')).toHaveLength(0);
  });

  it('asks about an intent with no pending questions from the picker', async () => {
    await render({ llm: { name: 'Civic GPT' }, paraphrases: () => ({ intentId: 'i2', intentName: 'Adopt a zebra', source: 'Civic GPT', suggestions: ['can I adopt a zebra'] }) });
    await userEvent.selectOptions(await screen.findByLabelText('Ask Civic GPT for phrases of'), 'Adopt a zebra');
    await userEvent.click(screen.getByRole('button', { name: 'Suggest phrases' }));
    const section = await screen.findByRole('region', { name: 'Suggested by Civic GPT for Adopt a zebra' });
    expect(within(section).getByDisplayValue('can I adopt a zebra')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Adopt a zebra' })).toBeTruthy();
  });

  it('the provider’s failure shows its message in the intent’s card; the rest of the hub stays', async () => {
    await render({
      llm: { name: 'Civic GPT' },
      paraphrases: () => {
        throw new ApiError(502, 'The LLM provider Civic GPT refused the API key: a platform admin checks the credential');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ask Civic GPT for phrases like those of Renew passport' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Civic GPT could not suggest phrases');
    expect(alert.textContent).toContain('refused the API key');
    expect(screen.getByDisplayValue('renew my pp')).toBeTruthy();
  });
});

describe('training hub without an LLM provider', () => {
  it('is as before for editors: no button, no mention of LLMs', async () => {
    const { api } = await render({ llm: null });
    expect(await screen.findByDisplayValue('renew my pp')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ask .* for phrases/ })).toBeNull();
    expect(screen.queryByLabelText(/Ask .* for phrases of/)).toBeNull();
    expect(document.body.textContent).not.toMatch(/LLM|Suggested by/);
    expect(api.callsTo('GET', '/api/v1/apps/a1/training-hub/paraphrases')).toHaveLength(0);
  });

  it('tells platform admins where to add a provider', async () => {
    await render({ llm: null, platformAdmin: true });
    const link = await screen.findByRole('link', { name: 'LLM provider' });
    expect(link.getAttribute('href')).toBe('/credential-llm');
  });

  it('names no provider page where the profile leaves credential-llm out', async () => {
    await render({ llm: null, platformAdmin: true, withLlmPlugin: false });
    expect(await screen.findByDisplayValue('renew my pp')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'LLM provider' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/LLM/);
  });
});
