import { Tooltip } from '@blueprintjs/core';
import { useEffect, useRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';

export interface DisabledReasonTooltipProps {
  reason: string;
  /** How the entry this replaces was reached, if it was: the tooltip opens at once, as it would have. */
  openedBy: 'pointer' | 'focus' | null;
  renderEntry(props: HTMLAttributes<HTMLSpanElement> & { ref?: Ref<HTMLSpanElement> }): ReactNode;
}

/** A disabled sidebar entry with its reason in a tooltip (nav-list.tsx), in its own chunk with Blueprint's popover code. */
export function DisabledReasonTooltip(props: DisabledReasonTooltipProps) {
  const entry = useRef<HTMLSpanElement>(null);
  const { openedBy } = props;
  useEffect(() => {
    // The focused entry was replaced by this one: focus goes on it, which opens the tooltip (unless
    // the user has moved on meanwhile, and focus is elsewhere than nowhere).
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (openedBy === 'focus' && lost) entry.current?.focus();
  }, [openedBy]);
  return (
    <Tooltip content={props.reason} placement="right" fill defaultIsOpen={openedBy === 'pointer'}>
      {props.renderEntry({ ref: entry })}
    </Tooltip>
  );
}
