import { act, render, screen, userEvent, waitFor, within } from '@civic/sdk/testing';
import type { ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';
import { WebChatMessages as M } from '../../common/messages';
import { toPublicSettings, WEBCHAT_DEFAULTS, type PublicWebChatSettings } from '../../common/webchat-settings';
import { ChatWidget, type ChatWidgetMode } from './chat-widget';
import { createFetchChatClient } from './chat-client';

/** A fake HTTP layer speaking the engine's chat API contract. */
function fakeChatServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  let failNextSend = false;
  let startStatus = 200;
  const questions = ['How do I renew my passport?', 'Passport renewal fee', 'Replace lost passport', 'Pay a parking fine'];
  let replyDelay: Promise<void> = Promise.resolve();
  const welcome: ResponseMessage[] = [{ type: 'text', text: ['Hello! Ask me about passports.'] }];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', url, body });
    // jsdom has no Response: the client reads only ok, status and json().
    const json = (status: number, data: unknown) => ({ ok: status < 400, status, json: async () => (status < 400 ? { data } : { message: 'boom' }) });
    if (url.endsWith('/sessions')) return startStatus === 200 ? json(200, { sessionId: 's1', messages: welcome }) : json(startStatus, {});
    if (url.includes('/suggestions?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return json(200, { suggestions: questions.filter((question) => question.toLowerCase().includes(q.toLowerCase())) });
    }
    if (url.includes('/recommendations?')) return json(200, { recommendations: ['Replace lost passport', 'Passport renewal fee'] });
    if (url.endsWith('/messages')) {
      await replyDelay;
      if (failNextSend) {
        failNextSend = false;
        throw new TypeError('Failed to fetch');
      }
      const text = (body as { text: string }).text;
      const card: ResponseMessage = {
        type: 'card',
        card: { title: 'Book a slot', subtitle: 'Polyclinic vaccinations', imageUri: '', buttons: [{ text: 'Open booking', postback: 'https://www.example.gov.sg/vaccination' }] },
      };
      const messages: ResponseMessage[] =
        text === 'options'
          ? [{ type: 'quickReplies', title: 'Pick one', quickReplies: ['Renew passport', 'Lost passport'] }]
          : text === 'card'
            ? [card]
            : [{ type: 'text', text: [`You asked: ${text}`] }];
      const staleModel = text === 'while training' ? { staleModel: { answeringTrainedAt: '2026-11-27T10:42:00Z', trainingProgress: 0.6 } } : {};
      return json(200, { transcriptId: `t-${calls.length}`, messages, intentName: 'x', confidence: 0.9, fallback: false, ...staleModel });
    }
    if (url.includes('/feedback') || url.endsWith('/csat')) return json(200, {});
    return json(404, {});
  });
  return {
    calls,
    client: createFetchChatClient({ appId: 'a1', environment: 'draft', fetchFn: fetchFn as unknown as typeof fetch }),
    failNextSend: () => (failNextSend = true),
    failStart: (status: number) => (startStatus = status),
    holdReplies: () => {
      let release = () => undefined as void;
      replyDelay = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
  };
}

const settings = (over: Partial<PublicWebChatSettings> = {}): PublicWebChatSettings => ({ ...toPublicSettings({ ...WEBCHAT_DEFAULTS }), appName: 'Passport help', ...over });

function renderWidget(mode: ChatWidgetMode = 'contained', over: Partial<PublicWebChatSettings> = {}, defaultOpen = true, prepare?: (server: ReturnType<typeof fakeChatServer>) => void) {
  const server = fakeChatServer();
  prepare?.(server);
  const view = render(<ChatWidget settings={settings(over)} client={server.client} mode={mode} defaultOpen={defaultOpen} />);
  return { server, view };
}

async function ask(text: string) {
  await userEvent.type(screen.getByLabelText(M.messageLabel), text);
  await userEvent.click(screen.getByRole('button', { name: M.send }));
}

describe('ChatWidget', () => {
  it('starts a session and shows the welcome inside an aria-live log', async () => {
    const { server } = renderWidget();
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(await within(log).findByText('Hello! Ask me about passports.')).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/chat/a1/sessions', body: { environment: 'draft', channel: 'PLATFORM_UNSPECIFIED' } });
    expect(screen.getByRole('heading', { name: 'Passport help' })).toBeTruthy();
  });

  it('sends a question, shows a typing indicator, then the reply in the log', async () => {
    const { server } = renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    const release = server.holdReplies();
    await ask('how do I renew');
    const log = screen.getByRole('log');
    expect(within(log).getByText('how do I renew')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(M.typing);
    await act(async () => release());
    expect(await within(log).findByText('You asked: how do I renew')).toBeTruthy();
    expect(screen.getByRole('status').textContent).not.toContain(M.typing);
    expect(server.calls.at(-1)).toMatchObject({ url: '/api/v1/chat/a1/sessions/s1/messages', body: { text: 'how do I renew' } });
    expect((screen.getByLabelText(M.messageLabel) as HTMLInputElement).value).toBe('');
  });

  it('says when an older model answered while a newer one trains, and stops saying so once it is the newest', async () => {
    renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    await ask('while training');
    const note = await screen.findByTestId('stale-model');
    expect(note.textContent).toBe(M.staleModel('2026-11-27T10:42:00Z', 0.6));
    expect(note.textContent).toMatch(/^Answering with the model from .+; training 60%$/);
    await ask('done now');
    await screen.findByText('You asked: done now');
    expect(screen.queryByTestId('stale-model')).toBeNull();
  });

  it('sends a quick reply as text', async () => {
    const { server } = renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    await ask('options');
    await userEvent.click(await screen.findByRole('button', { name: 'Lost passport' }));
    expect(await screen.findByText('You asked: Lost passport')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/messages')).map((c) => c.body)).toEqual([{ text: 'options' }, { text: 'Lost passport' }]);
  });

  it('renders every message kind with the shared response views (a card with its link)', async () => {
    renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    await ask('card');
    expect(await screen.findByText('Book a slot')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open booking/ }).getAttribute('href')).toBe('https://www.example.gov.sg/vaccination');
  });

  it('leaves only the latest reply answerable: earlier quick replies are disabled', async () => {
    renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    await ask('options');
    const first = await screen.findByRole('button', { name: 'Lost passport' });
    await ask('fees');
    await screen.findByText('You asked: fees');
    expect((first as HTMLButtonElement).disabled).toBe(true);
  });

  it('says clearly when a message could not be sent, and retries the same text once', async () => {
    const { server } = renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    server.failNextSend();
    await ask('opening hours');
    expect((await screen.findByRole('alert')).textContent).toContain(M.networkError);
    await userEvent.click(screen.getByRole('button', { name: M.retry }));
    expect(await screen.findByText('You asked: opening hours')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('opening hours')).toHaveLength(1);
  });

  it('records thumbs up and down per reply (not on the welcome)', async () => {
    const { server } = renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    expect(screen.queryByRole('button', { name: M.helpful })).toBeNull();
    await ask('fees');
    await screen.findByText('You asked: fees');
    const down = screen.getByRole('button', { name: M.notHelpful });
    await userEvent.click(down);
    expect(down.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(server.calls.at(-1)?.url).toMatch(/\/api\/v1\/chat\/a1\/transcripts\/t-\d+\/feedback$/));
    expect(server.calls.at(-1)?.body).toEqual({ thumbsUp: false, thumbsDown: true });
  });

  it('draws its glyphs as SVG icons, never emoji or symbol characters that need a font', async () => {
    const { view } = renderWidget('contained', { enableCsat: true });
    await screen.findByText('Hello! Ask me about passports.');
    await ask('fees');
    await screen.findByText('You asked: fees');
    const up = screen.getByRole('button', { name: M.helpful });
    expect(up.querySelector('svg[data-icon="thumbUp"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: M.notHelpful }).querySelector('svg[data-icon="thumbDown"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: M.restart }).querySelector('svg')).not.toBeNull();
    // Emoji and the symbol glyphs used before (↻ – × ★) render as boxes without a font that has them.
    expect(view.container.textContent).not.toMatch(/[\u{1F300}-\u{1FAFF}\u2600-\u27BF\u21BB\u2013\u00D7\u2605]/u);
  });

  it('hides thumbs when the settings turn them off', async () => {
    renderWidget('contained', { enableThumbs: false });
    await screen.findByText('Hello! Ask me about passports.');
    await ask('fees');
    await screen.findByText('You asked: fees');
    expect(screen.queryByRole('button', { name: M.notHelpful })).toBeNull();
  });

  it('asks for a CSAT rating at the end when enabled and sends it', async () => {
    const { server } = renderWidget();
    await screen.findByText('Hello! Ask me about passports.');
    await ask('fees');
    await screen.findByText('You asked: fees');
    await userEvent.click(screen.getByRole('button', { name: M.endChat }));
    const group = screen.getByRole('group', { name: M.csatQuestion });
    await userEvent.click(within(group).getByLabelText(/4/));
    await userEvent.type(screen.getByLabelText(M.csatComment), 'quick');
    await userEvent.click(screen.getByRole('button', { name: M.csatSubmit }));
    expect(await screen.findByText(M.csatThanks)).toBeTruthy();
    expect(server.calls.at(-1)).toMatchObject({ url: '/api/v1/chat/a1/sessions/s1/csat', body: { rating: 4, comment: 'quick' } });
  });

  it('offers no End chat (no CSAT) when CSAT is off', async () => {
    renderWidget('contained', { enableCsat: false });
    await screen.findByText('Hello! Ask me about passports.');
    await ask('fees');
    await screen.findByText('You asked: fees');
    expect(screen.queryByRole('button', { name: M.endChat })).toBeNull();
  });

  it('opens from the launcher with focus in the input, and Escape closes it back to the launcher', async () => {
    renderWidget('floating', {}, false);
    expect(screen.queryByRole('log')).toBeNull();
    const launcher = screen.getByRole('button', { name: M.openChat });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(launcher);
    expect(document.activeElement).toBe(screen.getByLabelText(M.messageLabel));
    await screen.findByText('Hello! Ask me about passports.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('log')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: M.openChat })));
  });

  it('full screen has no minimise button or launcher', async () => {
    renderWidget('fullscreen', {}, false);
    await screen.findByText('Hello! Ask me about passports.');
    expect(screen.queryByRole('button', { name: M.closeChat })).toBeNull();
    expect(screen.queryByRole('button', { name: M.openChat })).toBeNull();
    expect(screen.getByRole('button', { name: M.restart })).toBeTruthy();
  });

  it('applies the settings: colour, text colour picked for contrast, font size, position', () => {
    renderWidget('contained', { appColor: '#0B5394', appBaseFontSize: 20, positionRight: 12, positionBottom: 30 });
    const root = screen.getByTestId('chat-widget');
    expect(root.style.getPropertyValue('--cw-color')).toBe('#0B5394');
    expect(root.style.getPropertyValue('--cw-on-color')).toBe('#FFFFFF');
    expect(root.style.getPropertyValue('--cw-size')).toBe('20px');
    expect(root.style.getPropertyValue('--cw-right')).toBe('12px');
    expect(root.style.getPropertyValue('--cw-bottom')).toBe('30px');
  });

  describe('auto-complete (appEnableAutoComplete)', () => {
    it('is a plain text box while auto-complete is off, and asks for nothing', async () => {
      const { server } = renderWidget();
      await screen.findByText('Hello! Ask me about passports.');
      await userEvent.type(screen.getByLabelText(M.messageLabel), 'passport');
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(server.calls.some((c) => c.url.includes('/suggestions'))).toBe(false);
    });

    it('suggests matching questions in a listbox; arrows move the active option, Enter asks it', async () => {
      const { server } = renderWidget('contained', { appEnableAutoComplete: true });
      await screen.findByText('Hello! Ask me about passports.');
      const input = screen.getByRole('combobox', { name: M.messageLabel });
      expect(input.getAttribute('aria-expanded')).toBe('false');
      expect(input.getAttribute('aria-autocomplete')).toBe('list');
      await userEvent.type(input, 'passp');
      const listbox = await screen.findByRole('listbox', { name: M.suggestionsLabel });
      expect(input.getAttribute('aria-controls')).toBe(listbox.id);
      await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
      const options = within(listbox).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['How do I renew my passport?', 'Passport renewal fee', 'Replace lost passport']);
      expect(input.getAttribute('aria-activedescendant')).toBeNull();
      expect(screen.getByText(M.suggestionsCount(3))).toBeTruthy();
      // Only one request for the final text (the typing pause), to the environment the widget talks to.
      const asked = server.calls.filter((c) => c.url.includes('/suggestions'));
      expect(asked.at(-1)?.url).toBe('/api/v1/chat/a1/suggestions?q=passp&environment=draft');

      await userEvent.keyboard('{ArrowDown}');
      expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id);
      expect(options[0].getAttribute('aria-selected')).toBe('true');
      await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
      expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id);
      await userEvent.keyboard('{ArrowUp}');
      expect(input.getAttribute('aria-activedescendant')).toBe(options[2].id);
      expect(document.activeElement).toBe(input);

      await userEvent.keyboard('{Enter}');
      expect(await screen.findByText('You asked: Replace lost passport')).toBeTruthy();
      expect(server.calls.filter((c) => c.url.endsWith('/messages')).map((c) => c.body)).toEqual([{ text: 'Replace lost passport' }]);
      expect((input as HTMLInputElement).value).toBe('');
      expect(input.getAttribute('aria-expanded')).toBe('false');
    });

    it('Escape closes the list but not the chat; Enter without an active option sends what was typed', async () => {
      renderWidget('floating', { appEnableAutoComplete: true });
      await screen.findByText('Hello! Ask me about passports.');
      const input = screen.getByRole('combobox', { name: M.messageLabel });
      await userEvent.type(input, 'parking');
      await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
      await userEvent.keyboard('{Escape}');
      expect(input.getAttribute('aria-expanded')).toBe('false');
      expect(screen.getByRole('log')).toBeTruthy();
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByText('You asked: parking')).toBeTruthy();
    });

    it('a click on a suggestion asks it', async () => {
      renderWidget('contained', { appEnableAutoComplete: true });
      await screen.findByText('Hello! Ask me about passports.');
      await userEvent.type(screen.getByRole('combobox'), 'fine');
      await userEvent.click(await screen.findByRole('option', { name: 'Pay a parking fine' }));
      expect(await screen.findByText('You asked: Pay a parking fine')).toBeTruthy();
    });

    it('takes its colours from the auto-complete settings', () => {
      renderWidget('contained', { appAutoCompleteBackgroundColor: '#FFFFFF', appAutoCompleteForegroundColor: '#111111', appAutoCompleteHoverColor: '#EEEEEE', appAutoCompleteDividerColor: '#CCCCCC' });
      const root = screen.getByTestId('chat-widget');
      expect(root.style.getPropertyValue('--cw-ac-bg')).toBe('#FFFFFF');
      expect(root.style.getPropertyValue('--cw-ac-fg')).toBe('#111111');
      expect(root.style.getPropertyValue('--cw-ac-hover')).toBe('#EEEEEE');
      expect(root.style.getPropertyValue('--cw-ac-divider')).toBe('#CCCCCC');
    });
  });

  describe('recommendations (appEnableRecommendations)', () => {
    it('offers related questions after an answer as buttons that ask them', async () => {
      const { server } = renderWidget('contained', { appEnableRecommendations: true, appRecommendationsBackgroundColor: '#FCE4EC', appRecommendationsForegroundColor: '#880E4F' });
      await screen.findByText('Hello! Ask me about passports.');
      expect(screen.queryByRole('group', { name: M.recommendationsLabel })).toBeNull();
      await ask('renew passport');
      const group = await screen.findByRole('group', { name: M.recommendationsLabel });
      expect(server.calls.find((c) => c.url.includes('/recommendations'))?.url).toBe('/api/v1/chat/a1/recommendations?q=renew%20passport&intentName=x&environment=draft');
      await userEvent.click(within(group).getByRole('button', { name: 'Replace lost passport' }));
      expect(await screen.findByText('You asked: Replace lost passport')).toBeTruthy();
      const root = screen.getByTestId('chat-widget');
      expect(root.style.getPropertyValue('--cw-rec-bg')).toBe('#FCE4EC');
      expect(root.style.getPropertyValue('--cw-rec-fg')).toBe('#880E4F');
    });

    it('asks for none while recommendations are off', async () => {
      const { server } = renderWidget();
      await screen.findByText('Hello! Ask me about passports.');
      await ask('renew passport');
      await screen.findByText('You asked: renew passport');
      expect(server.calls.some((c) => c.url.includes('/recommendations'))).toBe(false);
      expect(screen.queryByRole('group', { name: M.recommendationsLabel })).toBeNull();
    });
  });

  it('the bot response trigger event on window opens the chat and asks its question', async () => {
    const { server } = renderWidget('floating', { appBotResponseTriggerEvent: 'ask-civic-bot' }, false);
    expect(screen.queryByRole('log')).toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent('ask-civic-bot', { detail: { text: 'How do I renew my passport?' } }));
    });
    expect(await screen.findByText('You asked: How do I renew my passport?')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/messages')).map((c) => c.body)).toEqual([{ text: 'How do I renew my passport?' }]);
  });

  it('starts with the quick launch event when it is not the welcome', async () => {
    const { server } = renderWidget('contained', { appQuickLaunchEvent: 'greet_citizen' });
    await screen.findByText('Hello! Ask me about passports.');
    expect(server.calls[0].body).toEqual({ environment: 'draft', channel: 'PLATFORM_UNSPECIFIED', event: 'greet_citizen' });
  });

  it('says plainly when the app has not been published (409), with no pointless retry', async () => {
    renderWidget('fullscreen', {}, false, (server) => server.failStart(409));
    expect((await screen.findByRole('alert')).textContent).toContain(M.notPublished);
    expect(screen.queryByRole('button', { name: M.retry })).toBeNull();
  });
});
