import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContextMenu, PopoverNext } from './table-core';

describe("Table2's stand-ins for Blueprint's context menu and popover", () => {
  it('renders a disabled context menu as its element, passing right-clicks on, without the popover code', () => {
    const onContextMenu = jest.fn();
    render(
      <ContextMenu disabled content={undefined} className="bp6-table-cell-client" onContextMenu={onContextMenu} style={{ height: 20 }}>
        <span>cells</span>
      </ContextMenu>,
    );
    const element = screen.getByText('cells').parentElement as HTMLElement;
    expect(element.className).toBe('bp6-table-cell-client bp6-context-menu');
    expect(element.style.height).toBe('20px');
    fireEvent.contextMenu(element);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
  });

  it('fetches the real ones where a table uses them', async () => {
    render(
      <>
        <ContextMenu content={<div>menu</div>}>
          <span>body</span>
        </ContextMenu>
        <PopoverNext content={<div>more</div>} isOpen>
          <span>target</span>
        </PopoverNext>
      </>,
    );
    expect(screen.getByText('target')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('more')).toBeTruthy());
    fireEvent.contextMenu(screen.getByText('body'));
    await waitFor(() => expect(screen.getByText('menu')).toBeTruthy());
  });
});
