import { Menu, MenuItem, PopoverNext, PopupKind, type ButtonProps, type MenuItemProps } from '@blueprintjs/core';
import { useEffect, useState, type ReactElement } from 'react';

export interface UserMenuPopoverProps {
  /** The target button's id: focused before the menu opens, so closing returns focus to it. */
  targetId: string;
  /** Open at once: the first click on the button fetched this module. */
  openOnMount: boolean;
  renderTarget(props: ButtonProps): ReactElement;
  items: Array<Pick<MenuItemProps, 'text' | 'onClick' | 'href' | 'target' | 'rel'> & { text: string }>;
}

/** The user menu's popover (user-menu.tsx), in its own chunk with Blueprint's popover code. */
export function UserMenuPopover(props: UserMenuPopoverProps) {
  const [isOpen, setOpen] = useState(false);
  const { openOnMount, targetId } = props;
  useEffect(() => {
    if (!openOnMount) return;
    // The button the user clicked was replaced by this one: focus it, then open, as a click would.
    document.getElementById(targetId)?.focus();
    setOpen(true);
  }, [openOnMount, targetId]);

  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={setOpen}
      content={
        <Menu aria-label="User menu">
          {props.items.map((item) => (
            <MenuItem key={item.text} {...item} />
          ))}
        </Menu>
      }
      placement="bottom-start"
      arrow={false}
      fill
      popupKind={PopupKind.MENU}
      renderTarget={({ isOpen: _isOpen, ...targetProps }) => props.renderTarget(targetProps as ButtonProps)}
    />
  );
}
