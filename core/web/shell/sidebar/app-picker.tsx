import { Button, Classes, InputGroup, PopoverNext, PopupKind } from '@blueprintjs/core';
import { CaretDownIcon, SearchIcon } from '@blueprintjs/icons';
import { useId, useState, type KeyboardEvent } from 'react';
import type { AppSummary } from '@civic/core/common/model';

export interface AppPickerProps {
  apps: readonly AppSummary[];
  current: AppSummary | null;
  /** The id of the visible label ("Current app"); the button is named by it and the app. */
  labelId: string;
  onPick(app: AppSummary): void;
}

/**
 * A button opening a searchable list of apps: the ARIA combobox pattern (a text box that filters,
 * a listbox, the active option announced through aria-activedescendant). Arrow keys move, Enter
 * picks, Escape closes and focus returns to the button. Written here rather than with Blueprint's
 * Select, whose wrapper element carries ARIA state without a role (an axe "critical").
 */
export function AppPicker(props: AppPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const buttonId = useId();
  const listId = useId();
  const searchId = useId();
  const shown = props.apps.filter((app) => matches(app, query));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function toggle(next: boolean) {
    setOpen(next);
    setQuery('');
    const currentIndex = props.apps.findIndex((a) => a.appId === props.current?.appId);
    setActive(Math.max(0, currentIndex));
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
      isOpen={open}
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
      renderTarget={({ isOpen: _isOpen, ...targetProps }) => (
        <Button
          {...targetProps}
          id={buttonId}
          className={`${targetProps.className ?? ''} civic-app-switcher-button`}
          aria-labelledby={`${props.labelId} ${buttonId}`}
          aria-controls={open ? listId : undefined}
          fill
          alignText="start"
          ellipsizeText
          endIcon={<CaretDownIcon />}
          text={props.current?.appName ?? 'Choose an app'}
        />
      )}
    />
  );
}

function matches(app: AppSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [app.appName, app.appId, app.agency.name].some((text) => text.toLowerCase().includes(q));
}
