import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { lazyDialog } from './lazy-dialog';

function NameDialog(props: { isOpen?: boolean; name: string }) {
  return <div role="dialog">Rename {props.name}</div>;
}

describe('lazyDialog', () => {
  it('fetches the dialog when it is first shown (mounted, or isOpen), never while it stays closed', async () => {
    const importer = jest.fn(() => Promise.resolve(NameDialog));
    const Lazy = lazyDialog(importer);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Rename</button>
          <Lazy isOpen={open} name="Passport bot" />
        </>
      );
    }
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(importer).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findByRole('dialog')).textContent).toBe('Rename Passport bot');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('shows a dialog mounted without isOpen once its module arrives, and later ones at once', async () => {
    const Lazy = lazyDialog(() => Promise.resolve(NameDialog));
    const first = render(<Lazy name="Alpha" />);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    first.unmount();
    render(<Lazy name="Beta" />);
    expect(screen.getByRole('dialog').textContent).toBe('Rename Beta');
  });
});
