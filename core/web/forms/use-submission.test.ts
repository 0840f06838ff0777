import { act, renderHook } from '@testing-library/react';
import { Messages } from '@civic/core/common/messages';
import { ApiError } from '../api/api-error';
import { useSubmission } from './use-submission';

describe('useSubmission', () => {
  it('is submitting while the action runs, and not after', async () => {
    const { result } = renderHook(() => useSubmission());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.submitting).toBe(false);
    expect(result.current.failure).toBeNull();
  });

  it("shows the server's message, or Error encountered for anything else", async () => {
    const { result } = renderHook(() => useSubmission());
    await act(() => result.current.run(() => Promise.reject(new ApiError(409, 'Taken'))));
    expect(result.current.failure).toBe('Taken');
    await act(() => result.current.run(() => Promise.reject(new TypeError('network'))));
    expect(result.current.failure).toBe(Messages.errorEncountered);
  });

  it('leaves no failure when onError handles the error, and clears the last one on the next run', async () => {
    const { result } = renderHook(() => useSubmission());
    await act(() => result.current.run(() => Promise.reject(new ApiError(500, 'Down'))));
    expect(result.current.failure).toBe('Down');
    const handled = jest.fn(() => null);
    await act(() => result.current.run(() => Promise.reject(new ApiError(422, 'Bad')), handled));
    expect(handled).toHaveBeenCalledTimes(1);
    expect(result.current.failure).toBeNull();
  });
});
