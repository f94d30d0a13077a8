import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, setMeta } from '../../src/local/db';
import { useLiveQueryInTransition } from '../../src/web/hooks/useLiveQueryInTransition';

afterEach(cleanup);

/** A part that takes a while to draw each new value: it suspends until `drawn(value)`. */
function slowParts() {
  const waits = new Map<number, { promise: Promise<void>; done: boolean; resolve(): void }>();
  const wait = (n: number) => {
    let entry = waits.get(n);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, done: false, resolve: () => ((entry!.done = true), resolve()) };
      waits.set(n, entry);
    }
    return entry;
  };
  function Slow({ n }: { n: number }) {
    const entry = wait(n);
    if (!entry.done) throw entry.promise;
    return <p>count {n}</p>;
  }
  return { Slow, asked: (n: number) => waits.has(n), drawn: (n: number) => act(async () => wait(n).resolve()) };
}

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('useLiveQueryInTransition', () => {
  it('follows the database, and draws each new answer in a transition (what was shown stays meanwhile)', async () => {
    await setMeta('test.count', 0);
    const { Slow, asked, drawn } = slowParts();
    function Counter() {
      const n = useLiveQueryInTransition(async () => (await getMeta<number>('test.count')) ?? 0, []);
      return n === undefined ? <p>asking</p> : <Suspense fallback={<p>drawing</p>}><Slow n={n} /></Suspense>;
    }
    render(<Counter />);
    expect(screen.getByText('asking')).toBeTruthy();
    await waitFor(() => expect(asked(0)).toBe(true));
    await drawn(0);
    await screen.findByText('count 0');

    await act(async () => setMeta('test.count', 1));
    await waitFor(() => expect(asked(1)).toBe(true));
    // An urgent update would have put the fallback over the count; a transition keeps it.
    expect(screen.getByText('count 0')).toBeTruthy();
    expect(screen.queryByText('drawing')).toBeNull();
    await drawn(1);
    await screen.findByText('count 1');
  });

  it('asks again when its deps change, and throws a failed query to the nearest boundary', async () => {
    await setMeta('test.a', 'first');
    await setMeta('test.b', 'second');
    function Reader({ name }: { name: string }) {
      const value = useLiveQueryInTransition(async () => {
        if (name === 'broken') throw new Error('no such table');
        return getMeta<string>(`test.${name}`);
      }, [name]);
      return <p>value {value ?? '…'}</p>;
    }
    const { rerender } = render(<Catch><Reader name="a" /></Catch>);
    await screen.findByText('value first');
    rerender(<Catch><Reader name="b" /></Catch>);
    await screen.findByText('value second');
    rerender(<Catch><Reader name="broken" /></Catch>);
    await screen.findByText('failed: no such table');
  });
});
