import { Button, Classes, type ButtonProps } from '@blueprintjs/core';
import { CaretDownIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import type { AppSummary } from '@civic/core/common/model';
import { deferredPart, useDeferredPart } from '../deferred-part';

export interface AppPickerProps {
  apps: readonly AppSummary[];
  current: AppSummary | null;
  /** The id of the visible label ("Current app"); the button is named by it and the app. */
  labelId: string;
  onPick(app: AppSummary): void;
}

/** The list's popover: fetched when the picker is first opened (deferred-part.ts). */
const popover = deferredPart(() => import('./app-picker-popover'));

/**
 * A button opening a searchable list of apps: the ARIA combobox pattern (a text box that filters,
 * a listbox, the active option announced through aria-activedescendant). Arrow keys move, Enter
 * picks, Escape closes and focus returns to the button. Written here rather than with Blueprint's
 * Select, whose wrapper element carries ARIA state without a role (an axe "critical"). The list
 * and its popover are in app-picker-popover.tsx.
 */
export function AppPicker(props: AppPickerProps) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const listId = useId();
  const { module, request, prefetch } = useDeferredPart(popover);

  const target = (targetProps: ButtonProps) => (
    <Button
      {...targetProps}
      id={buttonId}
      className={`${targetProps.className ?? ''} civic-app-switcher-button`}
      aria-labelledby={`${props.labelId} ${buttonId}`}
      aria-controls={open ? listId : undefined}
      fill
      alignText="start"
      // Cut by CSS with the whole name as its title, not `ellipsizeText`: that measures the text
      // as the shell mounts, laying out the whole page there and then, on every page load.
      textClassName={Classes.TEXT_OVERFLOW_ELLIPSIS}
      title={props.current?.appName}
      endIcon={<CaretDownIcon />}
      text={props.current?.appName ?? 'Choose an app'}
    />
  );
  if (!module) {
    return target({
      'aria-haspopup': 'listbox',
      'aria-expanded': false,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => {
        setOpen(true);
        request();
      },
    });
  }
  return <module.AppPickerPopover {...props} targetId={buttonId} listId={listId} open={open} onOpenChange={setOpen} renderTarget={target} />;
}
