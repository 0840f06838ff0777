import { act, renderHook } from '@testing-library/react';
import { usePolling } from './use-polling';

describe('usePolling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks every interval while active, and not once it is inactive', () => {
    const tick = jest.fn();
    const { rerender } = renderHook(({ active }) => usePolling(active, tick, 700), { initialProps: { active: false } });
    act(() => jest.advanceTimersByTime(2000));
    expect(tick).not.toHaveBeenCalled();
    rerender({ active: true });
    act(() => jest.advanceTimersByTime(699));
    expect(tick).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1401));
    expect(tick).toHaveBeenCalledTimes(3);
    rerender({ active: false });
    act(() => jest.advanceTimersByTime(2000));
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('calls the latest tick without restarting the interval, and stops on unmount', () => {
    const calls: string[] = [];
    const { rerender, unmount } = renderHook(({ name }) => usePolling(true, () => calls.push(name), 700), { initialProps: { name: 'first' } });
    act(() => jest.advanceTimersByTime(500));
    rerender({ name: 'second' });
    act(() => jest.advanceTimersByTime(200));
    expect(calls).toEqual(['second']);
    unmount();
    act(() => jest.advanceTimersByTime(2000));
    expect(calls).toEqual(['second']);
  });
});
