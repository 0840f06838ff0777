import { Button, Checkbox, Popover } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';

/** The inbox's columns that may be hidden; the checkbox, the question and the row's buttons always show. */
export const OPTIONAL_COLUMNS = [
  { id: 'answer', name: 'Answered by' },
  { id: 'matches', name: 'Top matches' },
  { id: 'status', name: 'Status, feedback' },
  { id: 'classes', name: 'Categories, labels' },
  { id: 'asked', name: 'Asked' },
] as const;

export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number]['id'];

/** The browser keeps the columns a reviewer hid, for both inboxes (Questions and Uncategorised). */
export const HIDDEN_COLUMNS_KEY = 'civic.training.inbox.hiddenColumns';
/** Hidden until asked for: the answering intent is mostly the first match, and its confidence is beside it. */
const DEFAULT_HIDDEN: readonly OptionalColumn[] = ['matches'];

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readHidden(): ReadonlySet<OptionalColumn> {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(HIDDEN_COLUMNS_KEY) ?? 'null');
    if (Array.isArray(saved)) return new Set(OPTIONAL_COLUMNS.map((c) => c.id).filter((id) => saved.includes(id)));
  } catch {
    // A value that is not ours: the defaults.
  }
  return new Set(DEFAULT_HIDDEN);
}

/** The hidden optional columns, and a setter that remembers them in this browser. */
export function useHiddenColumns(): [ReadonlySet<OptionalColumn>, (id: OptionalColumn, shown: boolean) => void] {
  const [hidden, setHidden] = useState(readHidden);
  const show = (id: OptionalColumn, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(id);
    else next.add(id);
    setHidden(next);
    try {
      storage()?.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify([...next]));
    } catch {
      // Storage full or refused: the choice lasts until the page is left.
    }
  };
  return [hidden, show];
}

/** "Columns": a checkbox a column, in a popover. */
export function ColumnPicker({ hidden, onChange }: { hidden: ReadonlySet<OptionalColumn>; onChange: (id: OptionalColumn, shown: boolean) => void }) {
  return (
    <Popover
      placement="bottom-end"
      content={
        <fieldset className="civic-training-columns">
          <legend>Columns shown</legend>
          {OPTIONAL_COLUMNS.map((c) => (
            <Checkbox key={c.id} label={c.name} checked={!hidden.has(c.id)} onChange={(e) => onChange(c.id, e.currentTarget.checked)} />
          ))}
        </fieldset>
      }
    >
      <Button size="small" variant="minimal" icon="column-layout" text="Columns" aria-label={`Columns (${OPTIONAL_COLUMNS.length - hidden.size} of ${OPTIONAL_COLUMNS.length} shown)`} />
    </Popover>
  );
}
