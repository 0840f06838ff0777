import { Classes, InputGroup, PopoverNext, PopupKind, type ButtonProps } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useEffect, useId, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { AppSummary } from '@civic/core/common/model';
import type { AppPickerProps } from './app-picker';

export interface AppPickerPopoverProps extends AppPickerProps {
  /** The target button's id: focused before the list opens, so closing returns focus to it. */
  targetId: string;
  listId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  renderTarget(props: ButtonProps): ReactElement;
}

/** The app picker's popover (app-picker.tsx): the search box and the listbox. */
export function AppPickerPopover(props: AppPickerPopoverProps) {
  const { open, onOpenChange, listId, targetId } = props;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(() => currentIndex(props));
  // Opened by the click that fetched this module: the button was replaced by this one; focus it
  // first, as a click would, so the popover gives focus back to it on close.
  const [ready, setReady] = useState(!open);
  const searchId = useId();
  const shown = props.apps.filter((app) => matches(app, query));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (ready) return;
    document.getElementById(targetId)?.focus();
    setReady(true);
  }, [ready, targetId]);

  function toggle(next: boolean) {
    onOpenChange(next);
    setQuery('');
    setActive(currentIndex(props));
  }

  function pick(app: AppSummary | undefined) {
    if (!app) return;
    toggle(false);
    props.onPick(app);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
      PageDown: () => Math.min(last, active + 10),
      PageUp: () => Math.max(0, active - 10),
    };
    if (moves[event.key]) {
      event.preventDefault();
      const next = moves[event.key]();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(shown[active]);
    }
  }

  const content = (
    <div className="civic-app-picker">
      <InputGroup
        id={searchId}
        leftIcon={<SearchIcon />}
        placeholder="Search apps"
        aria-label="Search apps"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(active) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Apps" className={`${Classes.MENU} civic-app-picker-list`}>
        {shown.map((app, index) => {
          const selected = app.appId === props.current?.appId;
          return (
            <li
              key={app.appId}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              className={`${Classes.MENU_ITEM} civic-app-option${index === active ? ` ${Classes.ACTIVE}` : ''}${selected ? ` ${Classes.SELECTED}` : ''}`}
              title={`${app.appName} (${app.appId}), ${app.agency.name}`}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(e) => e.preventDefault() /* keep focus in the search box */}
              onClick={() => pick(app)}
            >
              <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{app.appName}</span>
              <span className={Classes.MENU_ITEM_LABEL}>{app.subscriptionTier}</span>
            </li>
          );
        })}
        {shown.length === 0 && (
          <li className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`} aria-disabled="true">
            No matching apps
          </li>
        )}
      </ul>
    </div>
  );

  return (
    <PopoverNext
      isOpen={open && ready}
      onInteraction={toggle}
      content={content}
      placement="bottom-start"
      arrow={false}
      fill
      popupKind={PopupKind.LISTBOX}
      // A listbox popup, not a dialog: focus may leave it (Tab), which closes it.
      enforceFocus={false}
      // Focus the search box once open (not with autoFocus: the popover must first note the button,
      // to give focus back to it on close, as a native select does).
      onOpened={() => document.getElementById(searchId)?.focus()}
      renderTarget={({ isOpen: _isOpen, ...targetProps }) => props.renderTarget(targetProps as ButtonProps)}
    />
  );
}

function currentIndex(props: AppPickerProps): number {
  return Math.max(0, props.apps.findIndex((a) => a.appId === props.current?.appId));
}

function matches(app: AppSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [app.appName, app.appId, app.agency.name].some((text) => text.toLowerCase().includes(q));
}
