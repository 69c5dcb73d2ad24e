import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './listing-filters';
import {
  firstOrderOf,
  listingTabOf,
  type Sort,
  sortChoices,
  sortFromValue,
  sortOf,
  sortValueOf,
  withListingTab,
  withState,
} from './listing-state';

describe('the installer tab kept in the address', () => {
  it.each([
    ['', 'projects'],
    ['tab=nearby', 'nearby'],
    ['tab=projects', 'projects'],
    ['tab=NEARBY', 'projects'],
    ['tab=requests', 'projects'],
    ['search=Mozart&tab=nearby', 'nearby'],
  ] as const)('?%s is %s', (query, tab) => {
    expect(listingTabOf(new URLSearchParams(query))).toBe(tab);
  });

  it.each([
    // The default tab leaves no trace in the address.
    ['tab=nearby', 'projects', ''],
    ['', 'nearby', 'tab=nearby'],
    // The filters both lists have stay; the stage (projects only) and the sort (each its own default) go.
    [
      'stage=OFFER_PROVIDED&buildingType=Single-Family&city=Hamburg&costMin=1000&costMax=9000&search=Elb&sort=totalCost&order=asc',
      'nearby',
      'buildingType=Single-Family&city=Hamburg&costMin=1000&costMax=9000&search=Elb&tab=nearby',
    ],
    ['tab=nearby&sort=rating&order=asc&city=Hamburg', 'projects', 'city=Hamburg'],
    // Other pages' parameters pass through.
    ['quote=abc', 'nearby', 'quote=abc&tab=nearby'],
  ] as const)('?%s to %s gives ?%s', (query, tab, expected) => {
    const before = new URLSearchParams(query);
    expect(withListingTab(before, tab).toString()).toBe(expected);
    // The address of the moment is not changed under the router.
    expect(before.toString()).toBe(query);
  });

  it('round-trips: the tab written is the tab read', () => {
    for (const tab of ['projects', 'nearby'] as const) {
      expect(listingTabOf(withListingTab(new URLSearchParams('tab=nearby&stage=ACQUISITION'), tab))).toBe(
        tab,
      );
    }
  });
});

describe("the phone's sort menu", () => {
  const PROJECTS: Sort = { column: 'date', order: 'desc' };
  const QUOTES: Sort = { column: 'rating', order: 'desc' };
  const valuesOf = (fallback: Sort) => sortChoices(fallback).map(sortValueOf);

  it("offers each header's column both ways, the list's default first", () => {
    expect(valuesOf(PROJECTS)).toEqual([
      'date.desc',
      'date.asc',
      'rating.desc',
      'rating.asc',
      'totalCost.desc',
      'totalCost.asc',
      'consumption.desc',
      'consumption.asc',
      'city.asc',
      'city.desc',
    ]);
    expect(valuesOf(QUOTES).slice(0, 4)).toEqual(['rating.desc', 'rating.asc', 'date.desc', 'date.asc']);
    expect(new Set(valuesOf(QUOTES))).toEqual(new Set(valuesOf(PROJECTS)));
  });

  it("starts each column in the direction its header's first click sorts it", () => {
    for (const choices of [sortChoices(PROJECTS), sortChoices(QUOTES)]) {
      for (let i = 0; i < choices.length; i += 2) {
        const [first, second] = [choices[i], choices[i + 1]];
        expect(first?.column).toBe(second?.column);
        expect(first?.order).toBe(firstOrderOf(first?.column ?? 'date'));
        expect(second?.order).not.toBe(first?.order);
      }
    }
    expect(firstOrderOf('city')).toBe('asc');
    expect(firstOrderOf('totalCost')).toBe('desc');
  });

  it('reads back every value it offers', () => {
    for (const choice of sortChoices(PROJECTS)) expect(sortFromValue(sortValueOf(choice))).toEqual(choice);
  });

  it.each([
    '',
    'totalCost',
    'totalCost.',
    'totalCost.up',
    'totalCost.desc.x',
    'updatedAt.desc',
    'price.asc',
    '.desc',
  ])('refuses %j', (value) => {
    expect(sortFromValue(value)).toBeNull();
  });

  it.each([
    'sort=xyz&order=asc',
    // A column the server sorts by, but no header and no menu choice: the menu would show no choice.
    'sort=updatedAt&order=asc',
    'sort=updatedAt',
    'sort=&order=asc',
    'order=asc',
  ])('falls back to the default for a sort it does not offer (%s)', (query) => {
    for (const fallback of [PROJECTS, QUOTES]) {
      const sort = sortOf(new URLSearchParams(query), fallback);
      expect(sort).toEqual(fallback);
      expect(valuesOf(fallback)).toContain(sortValueOf(sort));
    }
  });

  it('takes every sort it offers from the address, an unknown order as descending', () => {
    for (const choice of sortChoices(PROJECTS)) {
      const params = new URLSearchParams({ sort: choice.column, order: choice.order });
      expect(sortOf(params, QUOTES)).toEqual(choice);
    }
    expect(sortOf(new URLSearchParams('sort=city&order=up'), PROJECTS)).toEqual({
      column: 'city',
      order: 'desc',
    });
  });

  it('a choice is kept in the address as the table keeps its sort, so a wider window shows it too', () => {
    const choice = sortFromValue('totalCost.asc');
    if (!choice) throw new Error('totalCost.asc not offered');
    const params = withState(new URLSearchParams('tab=nearby'), EMPTY_FILTERS, choice, QUOTES);
    expect(params.toString()).toBe('tab=nearby&sort=totalCost&order=asc');
    expect(sortOf(params, QUOTES)).toEqual(choice);
    // The default leaves no trace.
    expect(withState(new URLSearchParams(), EMPTY_FILTERS, QUOTES, QUOTES).toString()).toBe('');
  });
});
