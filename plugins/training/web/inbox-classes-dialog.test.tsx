import { axe, render, screen, userEvent, within } from '@civic/sdk/testing';
import type { TranscriptRow } from '../common/api';
import { TrainingMessages } from '../common/messages';
import { ClassesDialog, type ClassChange } from './inbox-classes-dialog';

const row = (id: string, categories: string[], labels: string[] = []): TranscriptRow =>
  ({ transcriptId: id, data: `question ${id}`, categories: categories.map((c) => ({ id: c, name: c.toUpperCase() })), labels: labels.map((l) => ({ id: l, name: l })) }) as unknown as TranscriptRow;
const choices = { categories: [{ id: 'travel', name: 'TRAVEL' }, { id: 'tax', name: 'TAX' }], labels: [{ id: 'urgent', name: 'urgent' }] };

jest.setTimeout(20_000);

async function open(target: { rows: TranscriptRow[] } | { count: number }, labels: typeof choices.labels | null = choices.labels) {
  const applied: ClassChange[] = [];
  const onClose = jest.fn();
  render(<ClassesDialog isOpen target={target} choices={{ categories: choices.categories, labels }} onClose={onClose} onApply={async (c) => void applied.push(c)} />);
  return { applied, onClose, dialog: await screen.findByRole('dialog') };
}

describe('categories and labels of questions', () => {
  it('one question: its classes are ticked; untick one, tick another: one change, then the dialog closes', async () => {
    const { applied, onClose, dialog } = await open({ rows: [row('q1', ['travel'], ['urgent'])] });
    expect(within(dialog).getByText('“question q1”')).toBeTruthy();
    const travel = within(dialog).getByRole('checkbox', { name: 'TRAVEL' }) as HTMLInputElement;
    expect(travel.checked).toBe(true);
    await userEvent.click(travel);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'TAX' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(applied).toEqual([{ addCategoryIds: ['tax'], removeCategoryIds: ['travel'], addLabelIds: [], removeLabelIds: [] }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a selection: a class some carry is mixed and left alone unless changed; nothing changed says so', async () => {
    const { applied, dialog } = await open({ rows: [row('q1', ['travel']), row('q2', [])] });
    const travel = within(dialog).getByRole('checkbox', { name: 'TRAVEL' }) as HTMLInputElement;
    expect(travel.indeterminate).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(TrainingMessages.nothingToClassify);
    expect(applied).toEqual([]);
    await userEvent.click(travel);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(applied).toEqual([{ addCategoryIds: ['travel'], removeCategoryIds: [], addLabelIds: [], removeLabelIds: [] }]);
  });

  it('a whole search result: add or take off the ticked classes; labels hidden when the tier does not allow them; no axe violations', async () => {
    const { applied, dialog } = await open({ count: 1234 }, null);
    expect(within(dialog).queryByRole('group', { name: 'Labels' })).toBeNull();
    expect(within(dialog).getByRole('radiogroup', { name: /For every question the search found \(1,234\)/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Take the ticked ones off' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'TAX' }));
    const result = await axe.run(dialog, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(applied).toEqual([{ addCategoryIds: [], removeCategoryIds: ['tax'], addLabelIds: [], removeLabelIds: [] }]);
  });
});
