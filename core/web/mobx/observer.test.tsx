import { act, fireEvent, render, screen } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { StrictMode, Suspense, use } from 'react';
import { observer } from './observer';

/** A component that suspends for good: what a page whose code is still loading does. */
const never = new Promise<never>(() => undefined);
function Loading(): null {
  use(never);
  return null;
}

describe('observer', () => {
  it('renders again when an observable it read changes, and not after it unmounts', async () => {
    const store = observable({ count: 1, other: 0 });
    let renders = 0;
    const Count = observer(function Count() {
      renders++;
      return <p>{store.count} items</p>;
    });
    const view = render(<Count />);
    expect(screen.getByText('1 items')).toBeTruthy();
    await act(async () => runInAction(() => (store.count = 2)));
    expect(screen.getByText('2 items')).toBeTruthy();
    const before = renders;
    await act(async () => runInAction(() => (store.other = 5)));
    expect(renders).toBe(before);
    view.unmount();
    await act(async () => runInAction(() => (store.count = 3)));
    expect(renders).toBe(before);
  });

  it('keeps tracking under StrictMode, which unmounts and mounts every component once', async () => {
    const store = observable({ name: 'a' });
    const Name = observer(function Name() {
      return <p>name {store.name}</p>;
    });
    render(
      <StrictMode>
        <Name />
      </StrictMode>,
    );
    await act(async () => runInAction(() => (store.name = 'b')));
    expect(screen.getByText('name b')).toBeTruthy();
  });

  it('renders a change that was not user input as a transition: what is on screen stays while the next view loads', async () => {
    const store = observable({ loading: false });
    const Page = observer(function Page() {
      return store.loading ? <Loading /> : <p>the list</p>;
    });
    render(
      <Suspense fallback={<p>skeleton</p>}>
        <Page />
      </Suspense>,
    );
    // An answer arriving: no event is being handled.
    await act(async () => runInAction(() => (store.loading = true)));
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.queryByText('skeleton')).toBeNull();
  });

  it('renders a change made by user input at once', async () => {
    const store = observable({ loading: false });
    const Page = observer(function Page() {
      return store.loading ? <Loading /> : <button onClick={() => runInAction(() => (store.loading = true))}>open</button>;
    });
    render(
      <Suspense fallback={<p>skeleton</p>}>
        <Page />
      </Suspense>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'open' })));
    expect(screen.getByText('skeleton')).toBeTruthy();
  });

  it('keeps a controlled field bound to a store in step with typing', async () => {
    const form = observable({ email: '' });
    const Field = observer(function Field() {
      return <input aria-label="Email" value={form.email} onChange={(e) => runInAction(() => (form.email = e.target.value))} />;
    });
    render(<Field />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    fireEvent.change(input, { target: { value: 'ann@agency.gov.sg' } });
    // No act() flush in between: the input's own re-render happened in the event.
    expect(input.value).toBe('ann@agency.gov.sg');
    expect(form.email).toBe('ann@agency.gov.sg');
  });
});
