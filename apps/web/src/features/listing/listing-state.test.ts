import { describe, expect, it } from 'vitest';
import { listingTabOf, withListingTab } from './listing-state';

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
