import { LoadError } from '@civic/sdk/web';
import { render, screen, userEvent } from '@civic/sdk/testing';

describe('LoadError', () => {
  it('says what could not be loaded and why, as an alert with a retry', async () => {
    const retry = jest.fn();
    render(<LoadError title="The users could not be loaded" error="Not allowed" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The users could not be loaded');
    expect(alert.textContent).toContain('Not allowed');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
