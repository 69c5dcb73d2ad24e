// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyedSingleFlight, useSingleFlight } from './single-flight';

describe('useSingleFlight', () => {
  it('drops a second start while the first has not settled, and takes one again after', () => {
    const { result } = renderHook(() => useSingleFlight());
    const started: string[] = [];
    let settle = () => {};
    act(() => {
      result.current((done) => {
        started.push('first');
        settle = done;
      });
      result.current(() => started.push('double click'));
    });
    expect(started).toEqual(['first']);
    settle();
    act(() => result.current(() => started.push('after')));
    expect(started).toEqual(['first', 'after']);
  });
});

describe('useKeyedSingleFlight', () => {
  it('drops a second start for the same key while the first runs, not one for another key', () => {
    const { result } = renderHook(() => useKeyedSingleFlight());
    const started: string[] = [];
    let settleA = () => {};
    act(() => {
      result.current('a', (done) => {
        started.push('a');
        settleA = done;
      });
      result.current('a', () => started.push('a again'));
      result.current('b', () => started.push('b'));
    });
    expect(started).toEqual(['a', 'b']);
    settleA();
    act(() => result.current('a', () => started.push('a after')));
    expect(started).toEqual(['a', 'b', 'a after']);
  });
});
