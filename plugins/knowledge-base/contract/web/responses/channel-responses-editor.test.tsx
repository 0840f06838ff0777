import { configure, render, screen, userEvent, waitFor, within } from '@civic/sdk/testing';
import { useState } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { ResponseTexts, switchedOffKinds, type ChannelResponses, type ResponseMessageType } from '../../common/responses/index';
import { ChannelResponsesEditor, responseProblemsOf } from './index';
import { KbMessages } from '../../../common/messages';

// The machine running the suite is shared and often busy: generous time limits, same assertions.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

let latest: ChannelResponses[] = [];

function Harness({ initial, readOnly, switchedOff }: { initial: ChannelResponses[]; readOnly?: boolean; switchedOff?: ResponseMessageType[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ChannelResponsesEditor
      value={value}
      readOnly={readOnly}
      switchedOff={switchedOff}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

const webText = (...lines: string[]): ChannelResponses => ({ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: lines }] });

beforeEach(() => {
  latest = [];
});

/** Tab names without the problem flag's title ("Has problems"), which the flagged tabs also carry. */
const tabNames = () => screen.getAllByRole('tab').map((t) => (t.textContent ?? '').replace('Has problems', ''));

async function chooseMenuItem(opener: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: opener }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('ChannelResponsesEditor', () => {
  it('shows web chat first even when the value has no web chat channel', () => {
    render(<Harness initial={[{ platform: 'LINE', enable_default_response: true, messages: [] }]} />);
    expect(tabNames()).toEqual(['Web chat (default)', 'LINE']);
    expect(screen.getByRole('tab', { name: /^Web chat \(default\)/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('adds a channel: a new tab with default response enabled and no messages', async () => {
    render(<Harness initial={[webText('Hi')]} />);
    await chooseMenuItem('Add channel', 'Telegram');
    expect(tabNames()).toEqual(['Web chat (default)', 'Telegram']);
    expect(screen.getByRole('tab', { name: /^Telegram/ }).getAttribute('aria-selected')).toBe('true');
    expect(latest).toEqual([webText('Hi'), { platform: 'TELEGRAM', enable_default_response: true, messages: [] }]);
    // The new channel is empty: the §5 warning shows in its tab.
    expect(screen.getByText(KbMessages.channelWithoutResponses, { exact: false })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Use the web chat responses first' })).toBeTruthy();
  });

  it('adds a text message, edits it and shows it in the preview', async () => {
    render(<Harness initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [] }]} />);
    await chooseMenuItem('Add message', 'Text');
    // The new message's first field has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Line 1' })));
    await userEvent.keyboard('Our office opens at 9');
    expect(latest[0].messages).toEqual([{ type: 'text', text: ['Our office opens at 9'] }]);
    const preview = screen.getByRole('region', { name: 'Preview for Web chat (default)' });
    expect(within(preview).getByText('Our office opens at 9')).toBeTruthy();
    expect(screen.queryByText(KbMessages.channelWithoutResponses, { exact: false })).toBeNull();
  });

  it('adds a text line with Enter on the last line, and focuses it', async () => {
    render(<Harness initial={[webText('First')]} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Line 1' }));
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Line 2' })));
    await userEvent.keyboard('Second');
    expect(latest).toEqual([webText('First', 'Second')]);
  });

  it('deletes a channel after confirming, removing its tab', async () => {
    render(<Harness initial={[webText('Hi'), { platform: 'LINE', enable_default_response: true, messages: [] }]} />);
    await userEvent.click(screen.getByRole('tab', { name: /^LINE/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete LINE channel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(Messages.confirmDelete)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(tabNames()).toEqual(['Web chat (default)']);
    expect(latest).toEqual([webText('Hi')]);
  });

  it('keeps the channel when the delete is cancelled, and never offers to delete web chat', async () => {
    render(<Harness initial={[webText('Hi'), { platform: 'LINE', enable_default_response: true, messages: [] }]} />);
    expect(screen.queryByRole('button', { name: /Delete .* channel/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^LINE/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete LINE channel' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(latest).toEqual([]);
  });

  it('does not offer a kind the deployment switched off, and flags one already there', async () => {
    const file = { type: 'file' as const, fileUri: 'https://www.gov.sg/form.pdf', name: 'Form' };
    render(<Harness initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [file] }]} switchedOff={switchedOffKinds({ fileResponses: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    expect(await screen.findByRole('menuitem', { name: 'Text' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'File' })).toBeNull();
    expect(screen.getAllByText(ResponseTexts.kindSwitchedOff).length).toBeGreaterThan(0);
  });

  it('offers File when the deployment switched file responses on', async () => {
    render(<Harness initial={[webText('Hi')]} switchedOff={switchedOffKinds({ fileResponses: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    expect(await screen.findByRole('menuitem', { name: 'File' })).toBeTruthy();
  });

  it('shows §5 problems inline under the field', async () => {
    render(
      <Harness
        initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'customPayload', json: '{"a":' }, { type: 'image', imageUri: 'http://agency.gov/a.png', accessibilityText: '' }] }]}
      />,
    );
    expect(screen.getByText(KbMessages.customPayloadError)).toBeTruthy();
    const url = screen.getByRole('textbox', { name: 'Image URL' });
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(Messages.invalidHttpsUrl)).toBeTruthy();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://agency.gov/a.png');
    expect(screen.queryByText(Messages.invalidHttpsUrl)).toBeNull();
  });

  it('keeps one blank button row for entry in a card', async () => {
    render(<Harness initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [] }]} />);
    await chooseMenuItem('Add message', 'Card');
    expect(screen.getAllByRole('textbox', { name: /^Button \d+ text$/ })).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Button 1 text' }), 'Apply');
    expect(screen.getAllByRole('textbox', { name: /^Button \d+ text$/ })).toHaveLength(2);
    expect(latest[0].messages[0]).toMatchObject({ type: 'card', card: { buttons: [{ text: 'Apply', postback: '' }, { text: '', postback: '' }] } });
  });

  it('allows at most 3 buttons on a carousel card', async () => {
    render(<Harness initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [] }]} />);
    await chooseMenuItem('Add message', 'Carousel');
    const first = () => screen.getByRole('group', { name: /1\. Carousel/ }).querySelector('li') as HTMLElement;
    for (const n of [1, 2, 3]) await userEvent.type(within(first()).getByRole('textbox', { name: `Button ${n} text` }), `B${n}`);
    expect(within(first()).queryByRole('textbox', { name: 'Button 4 text' })).toBeNull();
  });

  it('reorders and deletes messages', async () => {
    render(
      <Harness
        initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['one'] }, { type: 'html', html: '<b>two</b>' }] }]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move message 2 up' }));
    expect(latest[0].messages.map((m) => m.type)).toEqual(['html', 'text']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete message 1 (HTML)' }));
    expect(latest[0].messages).toEqual([{ type: 'text', text: ['one'] }]);
  });

  it('offers an editor for every kind from the add message menu', async () => {
    render(<Harness initial={[{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [] }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    const kinds = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(kinds).toHaveLength(14);
    // The overlay hears Escape once it holds focus (Blueprint moves it in on the next animation frame).
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0].closest('.bp6-overlay')?.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    for (const kind of kinds) await chooseMenuItem('Add message', kind ?? '');
    expect(latest[0].messages.map((m) => m.type)).toEqual([
      'text', 'image', 'quickReplies', 'card', 'tableCard', 'payload', 'form', 'carousel', 'video', 'html', 'customPayload', 'file', 'imageGallery', 'miniCarousel',
    ]);
    expect(screen.getAllByRole('group', { name: /^\d+\. / })).toHaveLength(14);
  }, 60_000);

  it('is read only for viewers: no add, delete or move controls and no editable fields', () => {
    render(<Harness readOnly initial={[webText('Hi'), { platform: 'LINE', enable_default_response: true, messages: [] }]} />);
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add message' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete|Move/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Line 1' }).hasAttribute('readonly')).toBe(true);
  });

  it('shows the problems of a server 422 (responseProblemsOf) on the right channel and field', async () => {
    const serverError = {
      status: 422,
      message: KbMessages.invalidUrl,
      detail: { responseProblems: [{ platform: 'LINE', index: 0, field: 'fileUri', message: KbMessages.invalidUrl, severity: 'error' }] },
    };
    const problems = responseProblemsOf(serverError);
    expect(responseProblemsOf(new Error('x'))).toBeUndefined();
    render(
      <ChannelResponsesEditor
        value={[webText('Hi'), { platform: 'LINE', enable_default_response: true, messages: [{ type: 'file', fileUri: 'https://a.gov/f.pdf', name: 'f' }] }]}
        onChange={() => undefined}
        problems={problems}
      />,
    );
    expect(screen.queryByText(KbMessages.invalidUrl)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^LINE/ }));
    expect(screen.getByRole('textbox', { name: 'File URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(KbMessages.invalidUrl)).toBeTruthy();
  });
});
