import { configure, render, screen, userEvent, waitFor, within } from '@civic/sdk/testing';
import type { Card, ResponseMessage } from '../../common/responses/index';
import { ResponseMessagesView, ResponseMessageView } from './views';

// The machine running the suite is shared and often busy: generous time limits, same assertions.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

const card = (over: Partial<Card> = {}): Card => ({ title: '', subtitle: '', imageUri: '', buttons: [], ...over });

describe('ResponseMessageView', () => {
  it('renders text lines as paragraphs', () => {
    render(<ResponseMessageView message={{ type: 'text', text: ['Hello', 'How can I help?'] }} />);
    expect(screen.getByText('Hello').tagName).toBe('P');
    expect(screen.getByText('How can I help?').tagName).toBe('P');
  });

  it('renders an image with its alt text, and no image for an unsafe URL', () => {
    const { rerender } = render(<ResponseMessageView message={{ type: 'image', imageUri: 'https://agency.gov/map.png', accessibilityText: 'Office map' }} />);
    expect(screen.getByRole('img', { name: 'Office map' }).getAttribute('src')).toBe('https://agency.gov/map.png');
    rerender(<ResponseMessageView message={{ type: 'image', imageUri: 'javascript:alert(1)', accessibilityText: 'x' }} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('renders quick replies as buttons that call onReply', async () => {
    const onReply = jest.fn();
    render(<ResponseMessageView onReply={onReply} message={{ type: 'quickReplies', title: 'Pick one', quickReplies: ['Rates', 'Permits'] }} />);
    expect(screen.getByText('Pick one')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Pick one' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rates', 'Permits']);
    await userEvent.click(screen.getByRole('button', { name: 'Permits' }));
    expect(onReply).toHaveBeenCalledWith('Permits');
  });

  it('renders a card: image, title, subtitle, reply buttons and link buttons', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessageView
        onReply={onReply}
        message={{
          type: 'card',
          card: card({
            title: 'Parking permit',
            subtitle: 'Apply online',
            imageUri: 'https://agency.gov/p.png',
            buttons: [
              { text: 'Apply', postback: 'https://agency.gov/apply' },
              { text: 'Fees', postback: 'show fees' },
              { text: 'Bad link', postback: 'javascript:alert(1)' },
            ],
          }),
        }}
      />,
    );
    expect(screen.getByText('Parking permit')).toBeTruthy();
    expect(screen.getByText('Apply online')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Parking permit' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Apply' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://agency.gov/apply', '_blank', 'noopener noreferrer']);
    await userEvent.click(screen.getByRole('button', { name: 'Fees' }));
    expect(onReply).toHaveBeenCalledWith('show fees');
    // An unsafe URL is neither a link nor a reply.
    expect(screen.queryByRole('link', { name: 'Bad link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bad link' })).toBeNull();
    expect(screen.getByText('Bad link')).toBeTruthy();
  });

  it('renders a table card as a table with caption, headers, cells and alignment', () => {
    render(
      <ResponseMessageView
        message={{
          type: 'tableCard', title: 'Fees', subtitle: '', imageUri: '',
          columns: [{ header: 'Permit', horizontalAlignment: 'LEADING' }, { header: 'Fee', horizontalAlignment: 'TRAILING' }],
          rows: [{ cells: ['Parking', '$10'], dividerAfter: true }, { cells: ['Event', '$50'], dividerAfter: false }],
          buttons: [],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Fees' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Permit', 'Fee']);
    const fee = within(table).getByRole('cell', { name: '$10' });
    expect(fee.style.textAlign).toBe('right');
  });

  it('shows nothing for a payload in the widget and a muted note in the preview', () => {
    const message: ResponseMessage = { type: 'payload', payloadType: 'line.sticker', content: '{"id":1}' };
    const { container, rerender } = render(<ResponseMessageView message={message} />);
    expect(container.textContent).toBe('');
    rerender(<ResponseMessageView message={message} mode="preview" />);
    expect(container.textContent).toContain('not shown in the chat');
    expect(container.textContent).not.toContain('{"id":1}');
  });

  it('renders a form with labelled fields whose submit replies with the values', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessageView
        onReply={onReply}
        message={{
          type: 'form', title: 'Contact us', submitLabel: 'Send',
          fields: [
            { name: 'email', label: 'Email', fieldType: 'email', required: true, options: [] },
            { name: 'topic', label: 'Topic', fieldType: 'select', required: false, options: ['Rates', 'Permits'] },
          ],
        }}
      />,
    );
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Email/), 'ana@agency.gov');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'Permits');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onReply).toHaveBeenCalledWith('Email: ana@agency.gov\nTopic: Permits', { email: 'ana@agency.gov', topic: 'Permits' });
  });

  it('renders a carousel as a list of cards', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessageView
        onReply={onReply}
        message={{ type: 'carousel', items: [{ card: card({ title: 'One', buttons: [{ text: 'Pick one', postback: 'one' }] }) }, { card: card({ title: 'Two' }) }] }}
      />,
    );
    const carousel = screen.getAllByRole('list')[0];
    const cards = within(carousel).getAllByRole('article');
    expect(cards.map((c) => c.closest('li')?.parentElement)).toEqual([carousel, carousel]);
    expect(cards.map((c) => within(c).getByText(/^(One|Two)$/).textContent)).toEqual(['One', 'Two']);
    await userEvent.click(screen.getByRole('button', { name: 'Pick one' }));
    expect(onReply).toHaveBeenCalledWith('one');
  });

  it('renders a video file as a player and other video URLs as a link', () => {
    const { container, rerender } = render(<ResponseMessageView message={{ type: 'video', videoUri: 'https://agency.gov/how.mp4', title: 'How to apply' }} />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://agency.gov/how.mp4');
    expect(screen.getByText('How to apply')).toBeTruthy();
    rerender(<ResponseMessageView message={{ type: 'video', videoUri: 'https://video.example.gov/watch?v=1', title: 'Watch' }} />);
    expect(screen.getByRole('link', { name: /Watch/ }).getAttribute('href')).toBe('https://video.example.gov/watch?v=1');
  });

  it('puts html into a sandboxed frame without scripts', async () => {
    const message: ResponseMessage = { type: 'html', html: '<p>Opening hours</p><script>alert(1)</script><img src="https://x.gov/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' };
    const { container } = render(<ResponseMessageView message={message} />);
    // DOMPurify comes with the first html message: until then an empty box, never the unsanitised html.
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('.civic-rv-html[aria-busy="true"]')?.textContent).toBe('');
    const frame = await waitFor(() => {
      const found = container.querySelector('iframe');
      expect(found).not.toBeNull();
      return found;
    });
    const sandbox = frame?.getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(frame?.getAttribute('title')).toBeTruthy();
    const doc = frame?.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<p>Opening hours</p>');
    expect(doc).not.toMatch(/<script|onerror|javascript:/);
    expect(doc).toContain("default-src 'none'");
    // The frame is sized to its content once loaded (jsdom lays nothing out: the 24px minimum).
    await waitFor(() => expect(frame?.style.height).toBe('24px'));
  });

  it('shows nothing for a custom payload in the widget and a note in the preview', () => {
    const message: ResponseMessage = { type: 'customPayload', json: '{"richContent":[]}' };
    const { container, rerender } = render(<ResponseMessageView message={message} />);
    expect(container.textContent).toBe('');
    rerender(<ResponseMessageView message={message} mode="preview" />);
    expect(container.textContent).toContain('Custom payload');
  });

  it('renders a file as a download link', () => {
    render(<ResponseMessageView message={{ type: 'file', fileUri: 'https://agency.gov/form.pdf', name: 'Application form' }} />);
    const link = screen.getByRole('link', { name: /Application form/ });
    expect([link.getAttribute('href'), link.getAttribute('download')]).toEqual(['https://agency.gov/form.pdf', 'Application form']);
  });

  it('renders an image gallery as a list of images with alt text', () => {
    render(
      <ResponseMessageView
        message={{ type: 'imageGallery', images: [{ imageUri: 'https://agency.gov/1.png', accessibilityText: 'Front desk' }, { imageUri: 'https://agency.gov/2.png', accessibilityText: 'Car park' }] }}
      />,
    );
    expect(within(screen.getByRole('list')).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Front desk', 'Car park']);
  });

  it('renders a mini carousel whose items reply or open links', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessageView
        onReply={onReply}
        message={{
          type: 'miniCarousel',
          items: [
            { title: 'Rates', imageUri: 'https://agency.gov/r.png', postback: '' },
            { title: 'Site', imageUri: '', postback: 'https://agency.gov' },
          ],
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rates' }));
    expect(onReply).toHaveBeenCalledWith('Rates');
    expect(screen.getByRole('link', { name: 'Site' }).getAttribute('href')).toBe('https://agency.gov');
  });
});

describe('ResponseMessagesView', () => {
  it('resolves site paths against baseUrl (the widget embedded on an agency site)', async () => {
    const { container } = render(
      <ResponseMessagesView
        baseUrl="https://console.civic.gov/"
        messages={[
          { type: 'image', imageUri: '/files/map.png', accessibilityText: 'Map' },
          { type: 'file', fileUri: '/files/form.pdf', name: 'Form' },
          { type: 'card', card: card({ title: 'T', buttons: [{ text: 'Open', postback: 'https://agency.gov/x' }] }) },
          { type: 'html', html: '<img src="/files/a.png" alt="a">' },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Map' }).getAttribute('src')).toBe('https://console.civic.gov/files/map.png');
    expect(screen.getByRole('link', { name: /Form/ }).getAttribute('href')).toBe('https://console.civic.gov/files/form.pdf');
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('https://agency.gov/x');
    const frame = await waitFor(() => {
      const found = container.querySelector('iframe');
      expect(found).not.toBeNull();
      return found;
    });
    expect(frame?.getAttribute('srcdoc')).toContain('<base target="_blank" href="https://console.civic.gov/">');
    await waitFor(() => expect(frame?.style.height).toBe('24px'));
  });

  it('shows the reply controls of an earlier turn disabled when not interactive, links still open', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessagesView
        interactive={false}
        onReply={onReply}
        messages={[
          { type: 'quickReplies', title: '', quickReplies: ['Yes'] },
          { type: 'card', card: card({ title: 'T', buttons: [{ text: 'Site', postback: 'https://agency.gov' }, { text: 'More', postback: 'more' }] }) },
          { type: 'form', title: 'F', submitLabel: 'Send', fields: [{ name: 'n', label: 'Name', fieldType: 'text', required: false, options: [] }] },
        ]}
      />,
    );
    for (const name of ['Yes', 'More', 'Send']) expect(screen.getByRole('button', { name }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Site' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onReply).not.toHaveBeenCalled();
  });

  it('lists the messages in order, leaving out hidden kinds in the widget', () => {
    const messages: ResponseMessage[] = [
      { type: 'text', text: ['First'] },
      { type: 'payload', payloadType: 'x', content: 'y' },
      { type: 'text', text: ['Second'] },
    ];
    const { rerender } = render(<ResponseMessagesView messages={messages} label="Bot reply" />);
    const list = screen.getByRole('list', { name: 'Bot reply' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First', 'Second']);
    rerender(<ResponseMessagesView messages={messages} label="Bot reply" mode="preview" />);
    expect(within(screen.getByRole('list', { name: 'Bot reply' })).getAllByRole('listitem')).toHaveLength(3);
  });
});
