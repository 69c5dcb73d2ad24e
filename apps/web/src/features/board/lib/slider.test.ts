import { describe, expect, it } from 'vitest';
import { cardsPerView, lastStart, stepStart } from './slider';

describe('task-set slider (SPEC §9)', () => {
  it.each([
    [1400, 3],
    [1024, 3],
    [1023, 2],
    [640, 2],
    [639, 1],
    [320, 1],
  ])('%i px shows %i cards', (width, cards) => expect(cardsPerView(width)).toBe(cards));

  it('steps one card at a time within the list', () => {
    expect(stepStart(0, -1, 5, 3)).toBe(0);
    expect(stepStart(0, 1, 5, 3)).toBe(1);
    expect(stepStart(2, 1, 5, 3)).toBe(2);
    expect(lastStart(2, 3)).toBe(0);
  });
});
