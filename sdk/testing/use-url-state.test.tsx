import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useUrlState, type UrlState } from '@civic/sdk/web/lists';
import { act, render, screen, userEvent } from '@civic/sdk/testing';

/** A list page in miniature: its filter in its own state, kept in the URL. */
function Filtered({ applied }: { applied: UrlState[] }) {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  useUrlState({ status, search }, (state) => {
    applied.push(state);
    setStatus(state.status);
    setSearch(state.search);
  });
  return (
    <>
      <p>
        status={status} search={search}
      </p>
      <button onClick={() => setStatus('locked')}>Locked</button>
      <button onClick={() => setSearch('ann')}>Ann</button>
    </>
  );
}

function mount(url: string) {
  const applied: UrlState[] = [];
  const router = createMemoryRouter([{ path: '/users', element: <Filtered applied={applied} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, applied, search: () => router.state.location.search };
}

describe('useUrlState', () => {
  it('applies the state a link or a reload brings, keeping other parameters', () => {
    const { applied, search } = mount('/users?status=active&search=bo&tab=x');
    expect(screen.getByText('status=active search=bo')).toBeTruthy();
    expect(applied).toEqual([{ status: 'active', search: 'bo' }]);
    expect(search()).toBe('?status=active&search=bo&tab=x');
  });

  it('leaves a plain URL alone and applies nothing when the state is the default', () => {
    const { applied, search, router } = mount('/users');
    expect(applied).toEqual([]);
    expect(search()).toBe('');
    expect(router.state.historyAction).toBe('POP');
  });

  it("writes the store's state to a URL without its keys, replacing the entry (a store outlives its page)", () => {
    function Kept() {
      useUrlState({ status: 'locked', search: '' }, () => {
        throw new Error('nothing to apply');
      });
      return null;
    }
    const router = createMemoryRouter([{ path: '/users', element: <Kept /> }], { initialEntries: ['/users?tab=x'] });
    render(<RouterProvider router={router} />);
    expect(router.state.location.search).toBe('?tab=x&status=locked');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('writes a change to the URL as a new history entry, leaves defaults out, and Back restores the previous state', async () => {
    const { router, search } = mount('/users');
    await userEvent.click(screen.getByRole('button', { name: 'Locked' }));
    expect(search()).toBe('?status=locked');
    expect(router.state.historyAction).toBe('PUSH');
    await userEvent.click(screen.getByRole('button', { name: 'Ann' }));
    expect(search()).toBe('?status=locked&search=ann');
    await act(() => router.navigate(-1));
    expect(search()).toBe('?status=locked');
    expect(screen.getByText('status=locked search=')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(search()).toBe('');
    expect(screen.getByText('status= search=')).toBeTruthy();
    await act(() => router.navigate(1));
    expect(screen.getByText('status=locked search=')).toBeTruthy();
  });
});
