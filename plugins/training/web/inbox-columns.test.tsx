import { render, screen, userEvent } from '@civic/sdk/testing';
import { ColumnPicker, HIDDEN_COLUMNS_KEY, useHiddenColumns } from './inbox-columns';

function Picker() {
  const [hidden, show] = useHiddenColumns();
  return (
    <>
      <ColumnPicker hidden={hidden} onChange={show} />
      <output aria-label="hidden">{[...hidden].join(',')}</output>
    </>
  );
}

const hiddenNow = () => screen.getByRole('status', { name: 'hidden' }).textContent;

beforeEach(() => localStorage.clear());

describe('the inbox column picker', () => {
  it('hides Top matches by default; a change is remembered by the browser', async () => {
    const first = render(<Picker />);
    expect(hiddenNow()).toBe('matches');
    await userEvent.click(screen.getByRole('button', { name: 'Columns (4 of 5 shown)' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Top matches' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Asked' }));
    expect(hiddenNow()).toBe('asked');
    expect(JSON.parse(localStorage.getItem(HIDDEN_COLUMNS_KEY) ?? 'null')).toEqual(['asked']);
    first.unmount();

    render(<Picker />);
    expect(hiddenNow()).toBe('asked');
    expect(screen.getByRole('button', { name: 'Columns (4 of 5 shown)' })).toBeTruthy();
  });

  it('reads a stored value that is not a list of its columns as the defaults', () => {
    localStorage.setItem(HIDDEN_COLUMNS_KEY, '{not json');
    const { unmount } = render(<Picker />);
    expect(hiddenNow()).toBe('matches');
    unmount();
    localStorage.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(['question', 'status']));
    render(<Picker />);
    // The question and the row's buttons cannot be hidden.
    expect(hiddenNow()).toBe('status');
  });
});
