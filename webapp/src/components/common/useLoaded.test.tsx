import { act, renderHook } from '@testing-library/react';
import { useLoaded } from './useLoaded';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useLoaded: a first load whose answer is set when it arrives', () => {
  it('hands the answer to show once it arrives, not before', async () => {
    const answer = deferred<string>();
    const show = jest.fn();
    const fetch = jest.fn(() => answer.promise);
    renderHook(() => useLoaded(fetch, show));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
    await act(async () => answer.resolve('list'));
    expect(show).toHaveBeenCalledWith('list');
  });

  it('drops an answer that arrives once the component is gone', async () => {
    const answer = deferred<string>();
    const show = jest.fn();
    const { unmount } = renderHook(() => useLoaded(() => answer.promise, show));
    unmount();
    await act(async () => answer.resolve('late'));
    expect(show).not.toHaveBeenCalled();
  });
});
