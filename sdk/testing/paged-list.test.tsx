import { ApiError, errorMessage, Pager, PagedList, type PageRequest } from '@civic/sdk/web';
import { Messages } from '@civic/sdk/common/messages';
import { renderInTestApp, screen, userEvent } from '@civic/sdk/testing';

/** A fake endpoint of `total` numbered rows, answering in the order the test releases. */
function endpoint(total: number) {
  const requests: PageRequest[] = [];
  const fetch = (request: PageRequest) => {
    requests.push(request);
    const start = request.cursor === undefined ? request.pageNum * request.pageSize : Number(request.cursor);
    const items = Array.from({ length: Math.max(0, Math.min(request.pageSize, total - start)) }, (_, i) => start + i);
    const end = start + items.length;
    return Promise.resolve({ items, total, next: end < total ? end : null });
  };
  return { requests, fetch };
}

describe('PagedList', () => {
  it('loads numbered pages and knows the last one', async () => {
    const api = endpoint(60);
    const list = new PagedList(api.fetch, 25);
    expect(list.status).toBe('idle');
    await list.load();
    expect(list).toMatchObject({ status: 'ready', total: 60, pageNum: 0, lastPage: 2 });
    expect(list.items).toHaveLength(25);
    await list.setPage(2);
    expect(list.items).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    await list.reload();
    expect(list.pageNum).toBe(0);
    expect(api.requests.map((r) => r.pageNum)).toEqual([0, 2, 0]);
  });

  it('drops the answer to an older request', async () => {
    let release!: (page: { items: string[]; total: number }) => void;
    const answers: Array<Promise<{ items: string[]; total: number }>> = [
      new Promise((resolve) => (release = resolve)),
      Promise.resolve({ items: ['new'], total: 1 }),
    ];
    const list = new PagedList<string>(() => answers.shift() as Promise<{ items: string[]; total: number }>, 25);
    const first = list.load();
    await list.load();
    release({ items: ['old'], total: 1 });
    await first;
    expect(list.items).toEqual(['new']);
  });

  it('appends keyset pages with loadMore until the end', async () => {
    const list = new PagedList(endpoint(5).fetch, 2);
    await list.load();
    expect(list.hasMore).toBe(true);
    await list.loadMore();
    await list.loadMore();
    expect(list.items).toEqual([0, 1, 2, 3, 4]);
    expect(list.hasMore).toBe(false);
  });

  it("keeps the server's message on failure, and replaces one row in place", async () => {
    const failing = new PagedList<number>(() => Promise.reject(new ApiError(403, 'Not allowed')), 25);
    await failing.load();
    expect(failing).toMatchObject({ status: 'error', error: 'Not allowed' });
    const rows = new PagedList(() => Promise.resolve({ items: [{ id: 'a', n: 1 }, { id: 'b', n: 2 }], total: 2 }), 25);
    await rows.load();
    rows.replace({ id: 'b', n: 3 }, (x, y) => x.id === y.id);
    expect(rows.items).toEqual([{ id: 'a', n: 1 }, { id: 'b', n: 3 }]);
  });
});

describe('errorMessage', () => {
  it("is the server's message for an API error, else Error encountered (or the fallback given)", () => {
    expect(errorMessage(new ApiError(409, 'Taken'))).toBe('Taken');
    expect(errorMessage(new TypeError('fetch failed'))).toBe(Messages.errorEncountered);
    expect(errorMessage('x', 'Could not load')).toBe('Could not load');
  });
});

describe('Pager', () => {
  it('shows the range and moves between pages, disabled at either end', async () => {
    const list = new PagedList(endpoint(30).fetch, 25);
    await list.load();
    await renderInTestApp(<Pager list={list} label="Pages of things" />);
    const nav = screen.getByRole('navigation', { name: 'Pages of things' });
    expect(nav.textContent).toContain('1–25 of 30');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–30 of 30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
