import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { loadedOr, preload } from './loaded-code';

const pageModule = { default: (() => <p>the page</p>) as ComponentType };

function renderLazy(key: object, load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(loadedOr(key, load));
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
}

test('code brought by preload renders in the first commit, without the fallback and without loading again', async () => {
  const key = {};
  const load = jest.fn(() => Promise.resolve(pageModule));
  await preload(key, load);
  renderLazy(key, load);
  expect(screen.getByText('the page')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
});

test('without it (or while it is still on its way) the page loads lazily behind its fallback', async () => {
  const key = {};
  let arrive: (module: typeof pageModule) => void = () => undefined;
  const load = jest.fn(() => new Promise<typeof pageModule>((resolve) => (arrive = resolve)));
  renderLazy(key, load);
  expect(screen.getByText('loading')).toBeTruthy();
  await act(async () => arrive(pageModule));
  expect(await screen.findByText('the page')).toBeTruthy();
});

test('a failed preload keeps nothing: the next render loads again', async () => {
  const key = {};
  await expect(preload(key, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  const load = jest.fn(() => Promise.resolve(pageModule));
  renderLazy(key, load);
  expect(screen.getByText('loading')).toBeTruthy();
  expect(await screen.findByText('the page')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});
