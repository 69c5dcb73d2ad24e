import { describe, expect, it } from 'vitest';
import { areaFor, serverClustersOf } from './use-map-data';

const view = (minLat: number, maxLat: number, minLng: number, maxLng: number, zoom: number) => ({
  bbox: { minLat, maxLat, minLng, maxLng },
  zoom,
});

describe('areaFor', () => {
  it('asks for the view grown by half its size each way, widened to whole tiles of the zoom', () => {
    // At zoom 8 a tile is 1.40625° wide.
    expect(areaFor(view(48, 49, 11, 12, 8), null, false)).toEqual({
      box: { minLat: 46.40625, maxLat: 50.625, minLng: 9.84375, maxLng: 12.65625 },
      zoom: 8,
    });
  });

  it('keeps the current area while the view lies inside it, at any zoom when it holds every point', () => {
    const current = areaFor(view(48, 49, 11, 12, 8), null, false);
    expect(areaFor(view(48.2, 48.8, 11.2, 11.8, 9), current, true)).toBe(current);
    // Clustered by the server: another zoom asks again, the same zoom does not.
    expect(areaFor(view(48.2, 48.8, 11.2, 11.8, 8), current, false)).toBe(current);
    expect(areaFor(view(48.2, 48.8, 11.2, 11.8, 9), current, false)).toEqual(
      expect.objectContaining({ zoom: 9 }),
    );
    // Moved out of it: a new area around the view.
    const moved = areaFor(view(50, 51, 11, 12, 8), current, true);
    expect(moved).not.toBe(current);
    expect(moved.box.maxLat).toBeGreaterThanOrEqual(51);
  });

  it('stays within the world', () => {
    expect(areaFor(view(-80, 80, -170, 170, 1), null, false).box).toEqual({
      minLat: -90,
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
    });
  });
});

describe('serverClustersOf', () => {
  it('reads the parallel arrays of the server clusters, none for an answer of points', () => {
    const base = { ids: [], lat: [], long: [], stage: [], truncated: false };
    expect(serverClustersOf({ ...base, clusters: null })).toEqual([]);
    expect(
      serverClustersOf({
        ...base,
        clusters: { zoom: 6, lat: [48.1, 52.5], long: [11.6, 13.4], count: [120, 7], projects: [3, 0] },
      }),
    ).toEqual([
      { lat: 48.1, long: 11.6, count: 120, projects: 3 },
      { lat: 52.5, long: 13.4, count: 7, projects: 0 },
    ]);
  });
});
