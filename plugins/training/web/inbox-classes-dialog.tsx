import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@civic/sdk/web/blueprint';
import { useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import { errorMessage } from '@civic/sdk/web';
import type { QuestionClass, TranscriptRow } from '../common/api';
import { TrainingMessages } from '../common/messages';
import { formatCount } from '@civic/sdk/common/format';

/** What to add to and take off the questions. */
export interface ClassChange {
  addCategoryIds: string[];
  removeCategoryIds: string[];
  addLabelIds: string[];
  removeLabelIds: string[];
}

/** The app's categories and labels; `null` where the tier does not allow them (§6). */
export interface ClassChoices {
  categories: readonly QuestionClass[] | null;
  labels: readonly QuestionClass[] | null;
}

type Mark = 'on' | 'off' | 'some';

/** For known questions: a class all of them carry is on, some of them: mixed, none: off. */
export function initialMarks(rows: readonly TranscriptRow[], kind: 'categories' | 'labels', choices: readonly QuestionClass[]): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  for (const c of choices) {
    const carrying = rows.filter((r) => r[kind].some((x) => x.id === c.id)).length;
    marks.set(c.id, carrying === 0 ? 'off' : carrying === rows.length ? 'on' : 'some');
  }
  return marks;
}

/** The change the marks make, against where they started (a mixed class left alone is left as it is). */
export function changeOf(start: Map<string, Mark>, now: Map<string, Mark>): { add: string[]; remove: string[] } {
  const add: string[] = [];
  const remove: string[] = [];
  for (const [id, mark] of now) {
    if (mark === start.get(id)) continue;
    if (mark === 'on') add.push(id);
    else if (mark === 'off') remove.push(id);
  }
  return { add, remove };
}

function ClassBoxes(props: { legend: string; choices: readonly QuestionClass[] | null; marks: Map<string, Mark>; onChange: (id: string, mark: Mark) => void }) {
  if (props.choices === null) return null;
  return (
    <fieldset className="civic-training-classes">
      <legend>{props.legend}</legend>
      {props.choices.length === 0 ? (
        <p className="civic-training-classes-empty">None yet: add them under Classification.</p>
      ) : (
        props.choices.map((c) => {
          const mark = props.marks.get(c.id) ?? 'off';
          return <Checkbox key={c.id} label={c.name} checked={mark === 'on'} indeterminate={mark === 'some'} onChange={(e) => props.onChange(c.id, e.currentTarget.checked ? 'on' : 'off')} />;
        })
      )}
    </fieldset>
  );
}

/**
 * Categories and labels for questions. Known questions (one, or a selection): each class is ticked
 * when all carry it, mixed when some do; ticking adds it to all, clearing takes it off all. A whole
 * search result (rows not known): add the ticked classes to every question found, or take them off.
 */
export function ClassesDialog(props: {
  isOpen: boolean;
  /** The questions, or `count` of a whole search result. */
  target: { rows: readonly TranscriptRow[] } | { count: number };
  choices: ClassChoices;
  onClose: () => void;
  onApply: (change: ClassChange) => Promise<void>;
}) {
  const rows = 'rows' in props.target ? props.target.rows : null;
  const [start, setStart] = useState<{ categories: Map<string, Mark>; labels: Map<string, Mark> }>({ categories: new Map(), labels: new Map() });
  const [marks, setMarks] = useState(start);
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!props.isOpen) return;
    const initial = {
      categories: rows ? initialMarks(rows, 'categories', props.choices.categories ?? []) : new Map<string, Mark>(),
      labels: rows ? initialMarks(rows, 'labels', props.choices.labels ?? []) : new Map<string, Mark>(),
    };
    setStart(initial);
    setMarks(initial);
    setMode('add');
    setProblem(null);
  }, [props.isOpen, rows, props.choices]);

  const set = (kind: 'categories' | 'labels') => (id: string, mark: Mark) => setMarks((m) => ({ ...m, [kind]: new Map(m[kind]).set(id, mark) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    let change: ClassChange;
    if (rows) {
      const c = changeOf(start.categories, marks.categories);
      const l = changeOf(start.labels, marks.labels);
      change = { addCategoryIds: c.add, removeCategoryIds: c.remove, addLabelIds: l.add, removeLabelIds: l.remove };
    } else {
      const ticked = (m: Map<string, Mark>) => [...m].filter(([, mark]) => mark === 'on').map(([id]) => id);
      const [cats, labs] = [ticked(marks.categories), ticked(marks.labels)];
      change = mode === 'add' ? { addCategoryIds: cats, removeCategoryIds: [], addLabelIds: labs, removeLabelIds: [] } : { addCategoryIds: [], removeCategoryIds: cats, addLabelIds: [], removeLabelIds: labs };
    }
    if (Object.values(change).every((ids) => ids.length === 0)) return setProblem(TrainingMessages.nothingToClassify);
    setBusy(true);
    setProblem(null);
    try {
      await props.onApply(change);
      props.onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const count = rows ? rows.length : 'count' in props.target ? props.target.count : 0;
  const title = rows?.length === 1 ? 'Categories and labels of this question' : `Categories and labels of ${formatCount(count)} questions`;
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          {rows?.length === 1 && <p className="civic-training-classes-question">“{rows[0].data}”</p>}
          {!rows && (
            <RadioGroup label={`For every question the search found (${formatCount(count)})`} selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as 'add' | 'remove')} inline>
              <Radio label="Add the ticked ones" value="add" />
              <Radio label="Take the ticked ones off" value="remove" />
            </RadioGroup>
          )}
          <ClassBoxes legend="Categories" choices={props.choices.categories} marks={marks.categories} onChange={set('categories')} />
          <ClassBoxes legend="Labels" choices={props.choices.labels} marks={marks.labels} onChange={set('labels')} />
          {problem && (
            <Callout intent="danger" role="alert">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter actions={<><Button text="Cancel" onClick={props.onClose} /><Button type="submit" intent="primary" text="Save" loading={busy} /></>} />
      </form>
    </Dialog>
  );
}
