import { act, renderHook } from '@testing-library/react';
import { SEARCH_DELAY_MS, useSearchBox } from '@civic/sdk/web/lists';

describe('useSearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts with the applied search and hands over the text once typing pauses', () => {
    const applied: string[] = [];
    const { result } = renderHook(() => useSearchBox('', (text) => applied.push(text)));
    expect(result.current[0]).toBe('');
    act(() => result.current[1]('pa'));
    act(() => jest.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    act(() => result.current[1]('pass'));
    act(() => jest.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(applied).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(applied).toEqual(['pass']);
    expect(result.current[0]).toBe('pass');
  });

  it('asks nothing when the text is back to what the list holds', () => {
    const apply = jest.fn();
    const { result } = renderHook(() => useSearchBox('tax', apply));
    act(() => result.current[1]('ta'));
    act(() => result.current[1]('tax'));
    act(() => jest.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(apply).not.toHaveBeenCalled();
  });
});
