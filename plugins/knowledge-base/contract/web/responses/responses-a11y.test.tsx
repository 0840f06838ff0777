import { axe, configure, render, waitFor } from '@civic/sdk/testing';
import type { ChannelResponses, ResponseMessage } from '../../common/responses/index';
import { ChannelResponsesEditor } from './index';
import { ResponseMessagesView } from './views';

// The machine running the suite is shared and often busy: generous time limits, same assertions.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

/** One message of every kind, filled in as an author would. */
const everyKind: ResponseMessage[] = [
  { type: 'text', text: ['Hello', 'How can I help?'] },
  { type: 'image', imageUri: 'https://agency.gov/map.png', accessibilityText: 'Office map' },
  { type: 'quickReplies', title: 'Pick a topic', quickReplies: ['Rates', 'Permits'] },
  { type: 'card', card: { title: 'Parking', subtitle: 'Apply online', imageUri: 'https://agency.gov/p.png', buttons: [{ text: 'Apply', postback: 'https://agency.gov/apply' }, { text: 'Fees', postback: 'fees' }] } },
  {
    type: 'tableCard', title: 'Fees', subtitle: 'From 1 July', imageUri: '',
    columns: [{ header: 'Permit', horizontalAlignment: 'LEADING' }, { header: 'Fee', horizontalAlignment: 'TRAILING' }],
    rows: [{ cells: ['Parking', '$10'], dividerAfter: false }], buttons: [],
  },
  { type: 'payload', payloadType: 'line', content: '{}' },
  { type: 'form', title: 'Contact', submitLabel: 'Send', fields: [{ name: 'email', label: 'Email', fieldType: 'email', required: true, options: [] }, { name: 't', label: 'Topic', fieldType: 'select', required: false, options: ['A'] }] },
  { type: 'carousel', items: [{ card: { title: 'One', subtitle: '', imageUri: '', buttons: [{ text: 'Choose', postback: 'one' }] } }] },
  { type: 'video', videoUri: 'https://agency.gov/how.mp4', title: 'How to apply' },
  { type: 'html', html: '<p>Open <b>9–5</b></p>' },
  { type: 'customPayload', json: '{"a":1}' },
  { type: 'file', fileUri: 'https://agency.gov/form.pdf', name: 'Form' },
  { type: 'imageGallery', images: [{ imageUri: 'https://agency.gov/1.png', accessibilityText: 'Front desk' }] },
  { type: 'miniCarousel', items: [{ title: 'Rates', imageUri: 'https://agency.gov/r.png', postback: 'rates' }] },
];

async function violations(container: HTMLElement): Promise<string[]> {
  // Let the html frames load and size themselves first (state updates inside the test).
  await waitFor(() => container.querySelectorAll('iframe').forEach((frame) => expect(frame.style.height).toBe('24px')));
  // jsdom lays nothing out, so colour contrast is left to the browser e2e tests.
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  it('the views of every kind have no violations, in the widget and in the preview', async () => {
    const { container, rerender } = render(<ResponseMessagesView messages={everyKind} label="Bot reply" />);
    expect(await violations(container)).toEqual([]);
    rerender(<ResponseMessagesView messages={everyKind} label="Bot reply" mode="preview" />);
    expect(await violations(container)).toEqual([]);
  });

  it('the editor with a message of every kind has no violations', async () => {
    const value: ChannelResponses[] = [
      { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: everyKind },
      { platform: 'LINE', enable_default_response: true, messages: [] },
    ];
    const { container } = render(<ChannelResponsesEditor value={value} onChange={() => undefined} />);
    expect(await violations(container)).toEqual([]);
  }, 30_000);
});
