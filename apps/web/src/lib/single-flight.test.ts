// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './single-flight';

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
