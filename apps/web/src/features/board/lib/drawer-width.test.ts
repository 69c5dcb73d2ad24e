import { describe, expect, it } from 'vitest';
import { clampDrawerWidth, widthAtPointer } from './drawer-width';

describe('record drawer width (SPEC §2)', () => {
  it('stays at least 300 px wide', () => {
    expect(clampDrawerWidth(120, 1400)).toBe(300);
    expect(widthAtPointer(1350, 1400)).toBe(300);
  });
  it('keeps 100 px of the window free on the left', () => {
    expect(clampDrawerWidth(5000, 1400)).toBe(1300);
    expect(widthAtPointer(20, 1400)).toBe(1300);
  });
  it('follows the pointer in between', () => {
    expect(widthAtPointer(800, 1400)).toBe(600);
  });
  it('never goes under the minimum on a tiny window', () => {
    expect(clampDrawerWidth(500, 320)).toBe(300);
  });
});
