/**
 * A chunk loaded through lazyChunk (spec section 9: 120 s loading timeout): shown once loaded,
 * an error with Retry when the load fails or has not finished after 120 s, loaded again on Retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ownMessages } from '../../src/messages';
import { CHUNK_TIMEOUT_MS, lazyChunk } from '../../src/lazyChunk';

const Hello = ({ who }: { who: string }) => <p>Hello {who}</p>;

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyChunk', () => {
  it('shows the component once its chunk is loaded, and loads the chunk once for every use', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const Lazy = lazyChunk(load);
    render(<Lazy who="world" />);
    expect(await screen.findByText('Hello world')).toBeTruthy();
    render(<Lazy who="again" />);
    expect(await screen.findByText('Hello again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives up after 120 s with the error and Retry, which loads it again', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValueOnce({ default: Hello });
    const Lazy = lazyChunk(load);
    render(<Lazy who="there" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    });
    expect(screen.queryByText(ownMessages.chunkTimedOut(120))).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText(ownMessages.chunkTimedOut(120))).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: ownMessages.retry }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Hello there')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says so at once when the load fails (offline, a chunk gone after a deploy)', async () => {
    const Lazy = lazyChunk<{ who: string }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(<Lazy who="nobody" />);
    expect(await screen.findByText(ownMessages.chunkLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: ownMessages.retry })).toBeTruthy();
  });
});
