import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Alert, Dialog, overlayPart } from './lazy-overlays';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Create</button>
      <Dialog isOpen={open} title="Create agency" onClose={() => setOpen(false)}>
        <p>the fields</p>
      </Dialog>
      <Alert isOpen={false}>never asked</Alert>
    </>
  );
}

describe('lazy overlays', () => {
  it("fetch Blueprint's overlay code on the first opening, not while the page holds them closed", async () => {
    const load = jest.spyOn(overlayPart, 'load');
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(overlayPart.loaded).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Create agency');
    expect(dialog.textContent).toContain('the fields');
    expect(overlayPart.loaded).toBeDefined();

    // Closing goes through Blueprint's own dialog (its close button), which is kept from then on.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('never asked')).toBeNull();
  });
});
