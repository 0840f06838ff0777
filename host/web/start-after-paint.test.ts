import { PAINT_WAIT_MS, startAfterPaint } from './start-after-paint';

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** A PerformanceObserver that reports paints when the test says so. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static last: FakePaintObserver | undefined;
  observing = false;
  constructor(private readonly callback: PaintCallback) {
    FakePaintObserver.last = this;
  }
  observe() {
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  paint(name: string) {
    if (this.observing) this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

const ENTRY = '/assets/index-abc.js';
const IMPORTS = ['/assets/vendor-def.js', '/assets/rolldown-runtime-ghi.js'];
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('startAfterPaint', () => {
  const realObserver = globalThis.PerformanceObserver;
  let visibility: DocumentVisibilityState;

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    visibility = 'visible';
    jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    globalThis.PerformanceObserver = FakePaintObserver as unknown as typeof PerformanceObserver;
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    globalThis.PerformanceObserver = realObserver;
  });

  it('asks for the console only once the first contentful paint is reported, its imports beside it', () => {
    const load = jest.fn();
    startAfterPaint(ENTRY, IMPORTS, load);
    FakePaintObserver.last?.paint('first-paint');
    expect(load).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);

    FakePaintObserver.last?.paint('first-contentful-paint');
    expect(load).toHaveBeenCalledWith(ENTRY);
    expect(preloads()).toEqual(IMPORTS);
    // Later events (the wait running out, the tab hidden) start nothing twice.
    jest.advanceTimersByTime(PAINT_WAIT_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(IMPORTS.length);
  });

  it('does not wait longer than PAINT_WAIT_MS for a paint that is not reported', () => {
    const load = jest.fn();
    startAfterPaint(ENTRY, IMPORTS, load);
    jest.advanceTimersByTime(PAINT_WAIT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden tab, which does not paint, and where paints are not reported', () => {
    visibility = 'hidden';
    const hidden = jest.fn();
    startAfterPaint(ENTRY, [], hidden);
    expect(hidden).toHaveBeenCalledWith(ENTRY);

    visibility = 'visible';
    globalThis.PerformanceObserver = undefined as unknown as typeof PerformanceObserver;
    const unreported = jest.fn();
    startAfterPaint(ENTRY, [], unreported);
    expect(unreported).toHaveBeenCalledWith(ENTRY);
  });

  it('starts when the tab is hidden before its paint', () => {
    const load = jest.fn();
    startAfterPaint(ENTRY, IMPORTS, load);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
