import { Messages } from '@civic/sdk/common/messages';
import { validateDto } from '@civic/sdk/common/validation';
import {
  ChannelResponsesDto,
  ChannelResponsesListDto,
  checkResponseUrl,
  isUrlPostback,
  messagesForChannel,
  newResponseMessage,
  normaliseChannelResponses,
  normaliseMessage,
  prepareResponsesForSave,
  RESPONSE_MESSAGE_TYPES,
  ResponseTexts,
  validateChannelResponses,
  withEntryButton,
  type Card,
  type ChannelResponses,
  type ResponseMessage,
} from './index';
import { KbMessages } from '../../../common/messages';

const web = (...messages: ResponseMessage[]): ChannelResponses => ({ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages });
const only = (message: ResponseMessage) => normaliseChannelResponses([web(message)])[0].messages;
const card = (over: Partial<Card> = {}): Card => ({ title: '', subtitle: '', imageUri: '', buttons: [], ...over });
const blank = { text: '', postback: '' };

describe('§5 save rules (normaliseChannelResponses)', () => {
  it('drops empty text lines, and a text message with no line left', () => {
    expect(only({ type: 'text', text: ['Hello', '', '  ', 'Bye'] })).toEqual([{ type: 'text', text: ['Hello', 'Bye'] }]);
    expect(only({ type: 'text', text: ['', ' '] })).toEqual([]);
  });

  it('keeps a card only with a title, subtitle, image or first button text', () => {
    expect(only({ type: 'card', card: card() })).toEqual([]);
    expect(only({ type: 'card', card: card({ buttons: [blank] }) })).toEqual([]);
    for (const filled of [{ title: 'T' }, { subtitle: 'S' }, { imageUri: 'https://x.gov/a.png' }, { buttons: [{ text: 'Go', postback: 'go' }] }]) {
      expect(only({ type: 'card', card: card(filled) })).toHaveLength(1);
    }
    // A first button with only a postback has no text: the card is still empty.
    expect(only({ type: 'card', card: card({ buttons: [{ text: '', postback: 'go' }] }) })).toEqual([]);
  });

  it('removes blank card buttons (the editor entry row) and keeps the others in order', () => {
    const [message] = only({ type: 'card', card: card({ title: 'T', buttons: [blank, { text: 'A', postback: 'a' }, blank, { text: 'B', postback: '' }, blank] }) });
    expect(message).toEqual({ type: 'card', card: card({ title: 'T', buttons: [{ text: 'A', postback: 'a' }, { text: 'B', postback: '' }] }) });
  });

  it('adds one blank row for entry in the editors (withEntryButton)', () => {
    expect(withEntryButton([blank, { text: 'A', postback: 'a' }, blank])).toEqual([{ text: 'A', postback: 'a' }, blank]);
    expect(withEntryButton([])).toEqual([blank]);
  });

  it('allows at most 3 buttons on a carousel card', () => {
    const buttons = ['1', '2', '3', '4'].map((n) => ({ text: n, postback: n }));
    const [message] = only({ type: 'carousel', items: [{ card: card({ title: 'T', buttons: [blank, ...buttons] }) }] });
    expect(message.type === 'carousel' && message.items[0].card.buttons.map((b) => b.text)).toEqual(['1', '2', '3']);
  });

  it('keeps a carousel only with at least one non-empty card, dropping the empty cards', () => {
    expect(only({ type: 'carousel', items: [{ card: card() }, { card: card({ buttons: [blank] }) }] })).toEqual([]);
    const [message] = only({ type: 'carousel', items: [{ card: card() }, { card: card({ title: 'Kept' }) }] });
    expect(message.type === 'carousel' && message.items.map((i) => i.card.title)).toEqual(['Kept']);
  });

  it('keeps quick replies only with a title or a non-empty reply', () => {
    expect(only({ type: 'quickReplies', title: '', quickReplies: ['', ' '] })).toEqual([]);
    expect(only({ type: 'quickReplies', title: 'Choose', quickReplies: [''] })).toEqual([{ type: 'quickReplies', title: 'Choose', quickReplies: [] }]);
    expect(only({ type: 'quickReplies', title: '', quickReplies: ['', 'Yes'] })).toEqual([{ type: 'quickReplies', title: '', quickReplies: ['Yes'] }]);
  });

  it('drops empty html', () => {
    expect(only({ type: 'html', html: '   ' })).toEqual([]);
    expect(only({ type: 'html', html: '<b>x</b>' })).toHaveLength(1);
  });

  it('drops every other kind when it has nothing to show', () => {
    for (const type of RESPONSE_MESSAGE_TYPES) {
      const fresh = newResponseMessage(type);
      // A fresh custom payload starts as "{}", which is content.
      if (type === 'customPayload') expect(normaliseMessage(fresh)).not.toBeNull();
      else expect({ type, kept: normaliseMessage(fresh) }).toEqual({ type, kept: null });
    }
  });

  it('keeps kinds with content, and channels and their order', () => {
    const list: ChannelResponses[] = [
      web({ type: 'image', imageUri: 'https://x.gov/a.png', accessibilityText: 'Logo' }, { type: 'video', videoUri: 'https://x.gov/v.mp4', title: '' }),
      { platform: 'LINE', enable_default_response: false, messages: [{ type: 'text', text: [''] }] },
    ];
    const out = normaliseChannelResponses(list);
    expect(out.map((c) => c.platform)).toEqual(['PLATFORM_UNSPECIFIED', 'LINE']);
    expect(out[0].messages).toEqual(list[0].messages);
    expect(out[1]).toEqual({ platform: 'LINE', enable_default_response: false, messages: [] });
  });

  it('does not change its input', () => {
    const input = web({ type: 'text', text: ['a', ''] });
    const copy = JSON.parse(JSON.stringify(input)) as ChannelResponses;
    normaliseChannelResponses([input]);
    expect(input).toEqual(copy);
  });

  it('pads table rows to the columns and drops empty rows and blank buttons', () => {
    const [message] = only({
      type: 'tableCard', title: 'Fees', subtitle: '', imageUri: '',
      columns: [{ header: 'Item', horizontalAlignment: 'LEADING' }, { header: 'Fee', horizontalAlignment: 'TRAILING' }],
      rows: [{ cells: ['Permit'], dividerAfter: false }, { cells: ['', ''], dividerAfter: true }],
      buttons: [blank],
    });
    expect(message.type === 'tableCard' && [message.rows, message.buttons]).toEqual([[{ cells: ['Permit', ''], dividerAfter: false }], []]);
  });
});

describe('§5 checks (validateChannelResponses)', () => {
  it('reports invalid JSON in a custom payload with the spec text', () => {
    const problems = validateChannelResponses([web({ type: 'customPayload', json: '{"a": 1,' })]);
    expect(problems).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', index: 0, field: 'json', message: KbMessages.customPayloadError, severity: 'error' }]);
    expect(validateChannelResponses([web({ type: 'customPayload', json: '{"a": [1, 2]}' })])).toEqual([]);
  });

  it('warns about a channel with no responses, counting only messages the save keeps', () => {
    const warning = { message: KbMessages.channelWithoutResponses, detail: KbMessages.createOneResponse, severity: 'warning' };
    expect(validateChannelResponses([web()])).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', ...warning }]);
    expect(validateChannelResponses([web({ type: 'text', text: ['', ''] })])).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', ...warning }]);
    expect(validateChannelResponses([web({ type: 'text', text: ['Hi'] }), { platform: 'TELEGRAM', enable_default_response: true, messages: [] }])).toEqual([
      { platform: 'TELEGRAM', ...warning },
    ]);
    expect(validateChannelResponses([web({ type: 'text', text: ['Hi'] })])).toEqual([]);
  });

  it('requires valid URLs, and https for external ones', () => {
    const problems = validateChannelResponses([
      web(
        { type: 'image', imageUri: 'not a url', accessibilityText: '' },
        { type: 'image', imageUri: 'http://example.gov/a.png', accessibilityText: '' },
        { type: 'image', imageUri: 'https://example.gov/a.png', accessibilityText: '' },
        { type: 'image', imageUri: '/files/a.png', accessibilityText: '' },
      ),
    ]);
    expect(problems.map((p) => [p.index, p.field, p.message])).toEqual([
      [0, 'imageUri', KbMessages.invalidUrl],
      [1, 'imageUri', Messages.invalidHttpsUrl],
    ]);
  });

  it('checks the URLs of every kind that has one, with the field path', () => {
    const bad = 'http://example.gov/x';
    const problems = validateChannelResponses([
      web(
        { type: 'card', card: card({ imageUri: bad, buttons: [{ text: 'Open', postback: bad }, { text: 'Reply', postback: 'yes please' }] }) },
        { type: 'tableCard', title: 'T', subtitle: '', imageUri: bad, columns: [], rows: [], buttons: [{ text: 'x', postback: 'javascript:alert(1)' }] },
        { type: 'carousel', items: [{ card: card({ title: 'a', imageUri: bad }) }] },
        { type: 'video', videoUri: bad, title: '' },
        { type: 'file', fileUri: bad, name: '' },
        { type: 'imageGallery', images: [{ imageUri: bad, accessibilityText: '' }] },
        { type: 'miniCarousel', items: [{ title: 'a', imageUri: bad, postback: 'www.example.gov' }] },
      ),
    ]);
    expect(problems.map((p) => `${p.index}:${p.field}:${p.message}`)).toEqual([
      `0:card.imageUri:${Messages.invalidHttpsUrl}`,
      `0:card.buttons.0.postback:${Messages.invalidHttpsUrl}`,
      `1:imageUri:${Messages.invalidHttpsUrl}`,
      `1:buttons.0.postback:${KbMessages.invalidUrl}`,
      `2:items.0.card.imageUri:${Messages.invalidHttpsUrl}`,
      `3:videoUri:${Messages.invalidHttpsUrl}`,
      `4:fileUri:${Messages.invalidHttpsUrl}`,
      `5:images.0.imageUri:${Messages.invalidHttpsUrl}`,
      `6:items.0.imageUri:${Messages.invalidHttpsUrl}`,
      `6:items.0.postback:${KbMessages.invalidUrl}`,
    ]);
  });

  it('asks for a button text when a button has only a postback', () => {
    const problems = validateChannelResponses([web({ type: 'card', card: card({ title: 'T', buttons: [{ text: '', postback: 'yes' }] }) })]);
    expect(problems).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', index: 0, field: 'card.buttons.0.text', message: ResponseTexts.buttonNeedsText, severity: 'error' }]);
  });

  it('reports a channel added twice and form fields without a name', () => {
    const text: ResponseMessage = { type: 'text', text: ['x'] };
    const problems = validateChannelResponses([
      web(text),
      web(text, { type: 'form', title: '', submitLabel: '', fields: [{ name: '', label: 'Email', fieldType: 'email', required: true, options: [] }, { name: 'pick', label: '', fieldType: 'select', required: false, options: [''] }] }),
    ]);
    expect(problems.map((p) => p.message)).toEqual([ResponseTexts.duplicateChannel, ResponseTexts.formFieldNeedsName, ResponseTexts.selectNeedsOptions]);
  });
});

describe('URL rules', () => {
  it.each([
    ['https://www.agency.gov.sg/path?q=1', 'ok'],
    ['/files/form.pdf', 'ok'],
    ['http://localhost:8080/a.png', 'ok'],
    ['', 'ok'],
    ['http://agency.gov/a', 'notHttps'],
    ['ftp://agency.gov/a', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['https://', 'invalid'],
    ['https://nohost', 'invalid'],
    ['//evil.com/a', 'invalid'],
    ['https://a.gov/with space', 'invalid'],
  ])('%s is %s', (url, verdict) => {
    expect(checkResponseUrl(url)).toBe(verdict);
  });

  it('lets links be mailto and tel, not resources', () => {
    expect(checkResponseUrl('mailto:help@agency.gov', 'link')).toBe('ok');
    expect(checkResponseUrl('tel:+6561234567', 'link')).toBe('ok');
    expect(checkResponseUrl('mailto:help@agency.gov')).toBe('invalid');
  });

  it('tells URL postbacks from reply text', () => {
    expect(isUrlPostback('https://a.gov')).toBe(true);
    expect(isUrlPostback('www.a.gov')).toBe(true);
    expect(isUrlPostback('JavaScript:alert(1)')).toBe(true);
    expect(isUrlPostback('/start')).toBe(false);
    expect(isUrlPostback('Yes: book it')).toBe(false);
  });
});

describe('DTOs (one rule set for form and API)', () => {
  const valid = {
    platform: 'LINE',
    enable_default_response: true,
    messages: RESPONSE_MESSAGE_TYPES.map((type) => newResponseMessage(type)),
  };

  it('accepts a fresh message of every kind, keeping each kind', () => {
    const outcome = validateDto(ChannelResponsesDto, valid, { forbidUnknown: true });
    expect(outcome.messages).toEqual([]);
    expect(outcome.value.messages.map((m) => m.type)).toEqual([...RESPONSE_MESSAGE_TYPES]);
    expect(outcome.value.messages[0].constructor.name).toBe('TextMessageDto');
  });

  it('refuses an unknown kind, an unknown platform and fields of the wrong type', () => {
    const outcome = validateDto(
      ChannelResponsesDto,
      { platform: 'MYSPACE', enable_default_response: 'yes', messages: [{ type: 'hologram' }, { type: 'text', text: 'not a list' }] },
      { forbidUnknown: true },
    );
    expect(outcome.fields.platform).toEqual([ResponseTexts.unknownChannel]);
    expect(outcome.fields.enable_default_response).toBeDefined();
    expect(outcome.fields['messages.0.type']).toEqual(['The message kind is not known.']);
    expect(outcome.fields['messages.1.text']).toBeDefined();
  });

  it('refuses null, lists and scalars where a message or a card is expected', () => {
    const outcome = validateDto(
      ChannelResponsesDto,
      { platform: 'LINE', enable_default_response: true, messages: [null, [], 'text', { type: 'carousel', items: [[]] }, { type: 'card', card: [] }] },
      { forbidUnknown: true },
    );
    expect(Object.keys(outcome.fields).sort()).toEqual(['messages', 'messages.0', 'messages.2', 'messages.3.items', 'messages.4.card']);
  });

  it('refuses fields a kind does not have (server: forbidUnknown)', () => {
    const outcome = validateDto(ChannelResponsesDto, { ...valid, messages: [{ type: 'text', text: ['a'], html: '<b>' }] }, { forbidUnknown: true });
    expect(outcome.fields['messages.0.html']).toEqual(['messages.0.html is not an accepted field']);
  });

  it('checks URLs with the spec texts, nested in cards and carousels', () => {
    const outcome = validateDto(ChannelResponsesListDto, {
      responses: [{
        platform: 'PLATFORM_UNSPECIFIED',
        enable_default_response: true,
        messages: [
          { type: 'image', imageUri: 'http://a.gov/x.png', accessibilityText: '' },
          { type: 'carousel', items: [{ card: { title: 'a', subtitle: '', imageUri: 'nope', buttons: [{ text: 'b', postback: 'javascript:alert(1)' }] } }] },
        ],
      }],
    }, { forbidUnknown: true });
    expect(outcome.fields).toEqual({
      'responses.0.messages.0.imageUri': [Messages.invalidHttpsUrl],
      'responses.0.messages.1.items.0.card.imageUri': [KbMessages.invalidUrl],
      'responses.0.messages.1.items.0.card.buttons.0.postback': [KbMessages.invalidUrl],
    });
  });
});

describe('prepareResponsesForSave', () => {
  it('normalises, sanitises html, drops html that sanitised to nothing, then validates', () => {
    const sanitize = jest.fn((html: string) => html.replace(/<script>.*?<\/script>/g, ''));
    const out = prepareResponsesForSave(
      [web({ type: 'html', html: '<p>ok</p><script>x</script>' }, { type: 'html', html: '<script>only</script>' }, { type: 'text', text: ['', 'Hi'] }, { type: 'customPayload', json: '{' })],
      sanitize,
    );
    expect(out.responses[0].messages).toEqual([{ type: 'html', html: '<p>ok</p>' }, { type: 'text', text: ['Hi'] }, { type: 'customPayload', json: '{' }]);
    expect(sanitize).toHaveBeenCalledTimes(2);
    // Errors are positioned in the list as given (the editor's), where the custom payload is 4th.
    expect(out.errors).toEqual([{ platform: 'PLATFORM_UNSPECIFIED', index: 3, field: 'json', message: KbMessages.customPayloadError, severity: 'error' }]);
    expect(out.warnings).toEqual([]);
    expect(out.problems).toEqual(out.errors);
  });

  it('warns about a channel left empty once its html is sanitised', () => {
    const out = prepareResponsesForSave([web({ type: 'html', html: '<script>x</script>' })], (html) => html.replace(/<script>.*?<\/script>/g, ''));
    expect(out.responses[0].messages).toEqual([]);
    expect(out.errors).toEqual([]);
    expect(out.warnings.map((w) => w.message)).toEqual([KbMessages.channelWithoutResponses]);
  });

  it('passes a clean list with only warnings', () => {
    const out = prepareResponsesForSave([web({ type: 'text', text: ['Hi'] }), { platform: 'WHATSAPP', enable_default_response: true, messages: [] }], (h) => h);
    expect(out.errors).toEqual([]);
    expect(out.warnings.map((w) => [w.platform, w.message])).toEqual([['WHATSAPP', KbMessages.channelWithoutResponses]]);
  });
});

describe('messagesForChannel (what the engine answers on a channel)', () => {
  const hi: ResponseMessage = { type: 'text', text: ['Hi', ''] };
  const sticker: ResponseMessage = { type: 'payload', payloadType: 'line.sticker', content: '{"id":1}' };
  const list = (enable: boolean): ChannelResponses[] => [web(hi), { platform: 'LINE', enable_default_response: enable, messages: [sticker] }];

  it('gives web chat its own messages, normalised', () => {
    expect(messagesForChannel(list(true))).toEqual([{ type: 'text', text: ['Hi'] }]);
  });

  it('gives a channel without a tab the web chat messages', () => {
    expect(messagesForChannel(list(true), 'TELEGRAM')).toEqual([{ type: 'text', text: ['Hi'] }]);
  });

  it('puts the web chat messages first when the channel enables the default response, else only its own', () => {
    expect(messagesForChannel(list(true), 'LINE')).toEqual([{ type: 'text', text: ['Hi'] }, sticker]);
    expect(messagesForChannel(list(false), 'LINE')).toEqual([sticker]);
  });
});

describe('bad bodies never crash the checks (a route answers 4xx, never 500)', () => {
  // A small seeded generator: valid messages of every kind with parts swapped for junk.
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const junk = (): unknown => [null, undefined, 0, 7, 'x', '', true, [], [null], {}, { type: 'text' }, [[]], { card: null }][Math.floor(random() * 13)];
  function mutate(value: unknown, depth: number): unknown {
    if (random() < 0.15) return junk();
    if (Array.isArray(value)) return value.map((item) => mutate(item, depth + 1));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, depth > 4 ? v : mutate(v, depth + 1)]));
    }
    return value;
  }
  const filled: ResponseMessage[] = [
    ...RESPONSE_MESSAGE_TYPES.map((type) => newResponseMessage(type)),
    { type: 'carousel', items: [{ card: card({ title: 'a', buttons: [{ text: 'b', postback: 'https://a.gov' }] }) }] },
    { type: 'tableCard', title: 't', subtitle: '', imageUri: '', columns: [{ header: 'h', horizontalAlignment: 'CENTER' }], rows: [{ cells: ['c'], dividerAfter: true }], buttons: [] },
  ];

  it('validateDto, normalise, validate and prepare survive 400 mangled bodies', () => {
    let accepted = 0;
    for (let i = 0; i < 400; i++) {
      const body = mutate({ responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: filled }] }, 0);
      const outcome = validateDto(ChannelResponsesListDto, body, { forbidUnknown: true });
      if (outcome.messages.length === 0) {
        accepted += 1;
        const prepared = prepareResponsesForSave(outcome.value.responses, (html) => html);
        expect(Array.isArray(prepared.responses)).toBe(true);
      }
    }
    // Some bodies come through untouched or with harmless changes, so both paths are exercised.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(400);
  });
});
