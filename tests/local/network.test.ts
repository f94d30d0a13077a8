import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { isOnline, onBackOnline, probeDelay, PROBE_MAX_MS, PROBE_MIN_MS, reportReached, resetNetworkState, setReachabilityProbe } from '../../src/local/network';

/**
 * Issue 22.3: a phone with signal but no data bundle (or on a captive network) says
 * navigator.onLine === true while every request fails. Online-ness follows what requests do.
 */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Promise<Response>;
const api = createApiClient({ origin: 'http://test.local', fetch: (() => answer()) as typeof fetch });
const noData = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  resetNetworkState();
  answer = async () => json({ data: [] });
});
afterEach(() => {
  vi.useRealTimers();
  resetNetworkState();
});

describe('online-ness from what requests do', () => {
  it('a request with no answer marks the app offline though the browser says online; an answer brings it back', async () => {
    expect(globalThis.navigator?.onLine).not.toBe(false);
    answer = noData;
    await expect(api.get('categories')).rejects.toMatchObject({ isNetwork: true });
    expect(isOnline()).toBe(false);
    answer = async () => json({ data: [] });
    await api.get('categories');
    expect(isOnline()).toBe(true);
  });

  it('an answer that is not our API\'s (a captive network\'s login page) is not online; an API refusal is', async () => {
    answer = async () => new Response('<html>Buy a data bundle</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    await expect(api.get('categories')).rejects.toThrow();
    expect(isOnline()).toBe(false);
    answer = async () => json({ message: 'Product not found', code: 'not_found' }, 404);
    await expect(api.get('products/1')).rejects.toMatchObject({ status: 404 });
    expect(isOnline()).toBe(true);
  });

  it('a time-out marks the app offline; a request its caller abandoned says nothing', async () => {
    const slow = createApiClient({ origin: 'http://test.local', fetch: (async () => Promise.reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))) as typeof fetch });
    await expect(slow.get('categories')).rejects.toThrow();
    expect(isOnline()).toBe(false);
    reportReached();
    const abandoned = createApiClient({ origin: 'http://test.local', fetch: (async () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))) as typeof fetch });
    await expect(abandoned.get('categories')).rejects.toThrow();
    expect(isOnline()).toBe(true);
  });

  it('while offline a probe asks again with growing waits, and the app is back online by itself', async () => {
    vi.useFakeTimers();
    let asked = 0;
    setReachabilityProbe(() => {
      asked += 1;
      return api.get('categories');
    });
    const back = vi.fn();
    const stop = onBackOnline(back);
    answer = noData;
    await expect(api.get('orders')).rejects.toThrow();
    expect(isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(PROBE_MIN_MS);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_MIN_MS * 2);
    expect(asked).toBe(2);
    expect(back).not.toHaveBeenCalled();

    answer = async () => json({ data: [] });
    await vi.advanceTimersByTimeAsync(PROBE_MIN_MS * 4);
    expect(asked).toBe(3);
    expect(isOnline()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    // Online: no more probes.
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS * 3);
    expect(asked).toBe(3);
    stop();
  });

  it('waits 2 s doubling to a minute, never longer, with up to a quarter off', () => {
    expect(probeDelay(1, () => 0)).toBe(2_000);
    expect(probeDelay(2, () => 0)).toBe(4_000);
    expect(probeDelay(30, () => 0)).toBe(PROBE_MAX_MS);
    expect(probeDelay(30, () => 1)).toBe(PROBE_MAX_MS * 0.75);
  });
});
