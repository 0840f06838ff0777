import { rowCells } from '@civic/sdk/web/blueprint-table';
import { render, screen, userEvent } from '@civic/sdk/testing';

describe('rowCells', () => {
  const items = [{ name: 'Ana', admin: true }, { name: 'Ben', admin: false }];

  it("renders a row's text, and nothing for a row that is not there", () => {
    const cell = rowCells(items);
    render(<>{cell.text((u) => u.name)(1, 0)}</>);
    expect(screen.getByText('Ben')).toBeTruthy();
    const { container } = render(<>{cell.text((u) => u.name)(5, 0)}</>);
    expect(container.textContent).toBe('');
  });

  it('renders controls in an interactive cell', async () => {
    const clicked: string[] = [];
    const cell = rowCells(items);
    render(<>{cell.node((u) => <button onClick={() => clicked.push(u.name)}>Manage {u.name}</button>, { interactive: true })(0, 0)}</>);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Ana' }));
    expect(clicked).toEqual(['Ana']);
  });
});
