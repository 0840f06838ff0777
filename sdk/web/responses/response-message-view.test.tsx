import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseMessage } from '@civic/sdk/common/responses';
import { ResponseMessagesView, ResponseMessageView } from '@civic/sdk/web/responses/views';

describe('ResponseMessageView', () => {
  it('renders text lines and calls onReply from a quick reply', async () => {
    const onReply = jest.fn();
    render(
      <ResponseMessagesView
        onReply={onReply}
        messages={[
          { type: 'text', text: ['Hello', 'How can I help?'] },
          { type: 'quickReplies', title: 'Pick one', quickReplies: ['Rates', 'Permits'] },
        ]}
      />,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.getByText('How can I help?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Permits' }));
    expect(onReply).toHaveBeenCalledWith('Permits');
  });

  it('puts html into a sandboxed frame without scripts', async () => {
    const message: ResponseMessage = { type: 'html', html: '<p>Opening hours</p><script>alert(1)</script><img src="https://x.gov/a.png" onerror="alert(2)">' };
    const { container } = render(<ResponseMessageView message={message} />);
    const frame = container.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame?.getAttribute('sandbox')).not.toContain('allow-scripts');
    const doc = frame?.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<p>Opening hours</p>');
    expect(doc).not.toContain('<script>alert(1)');
    expect(doc).not.toContain('onerror');
    // The frame is sized to its content once loaded (jsdom lays nothing out: the 24px minimum).
    await waitFor(() => expect(frame?.style.height).toBe('24px'));
  });
});
