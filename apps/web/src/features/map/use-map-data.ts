import { type MapPoint, mapPointsOf } from '@solar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useFilterDataQuery, useMapViewQuery } from '../../api/quotes';
import {
  type CachedCity,
  readCachedCities,
  readCachedPoints,
  writeCachedCities,
  writeCachedPoints,
} from './map-cache';

/** `undefined` while the browser database is read, `null` when it holds nothing. */
type Cached<T> = T | null | undefined;

function useCached<T>(read: (key: string) => Promise<T | null>, key: string): Cached<T> {
  const [state, setState] = useState<{ key: string; value: Cached<T> }>({ key, value: undefined });
  useEffect(() => {
    let alive = true;
    void read(key).then((value) => {
      if (alive) setState({ key, value });
    });
    return () => {
      alive = false;
    };
  }, [read, key]);
  return state.key === key ? state.value : undefined;
}

export interface MapPointsState {
  points: MapPoint[] | undefined;
  truncated: boolean;
  /** The points come from the browser database while the API answer is on its way. */
  fromCache: boolean;
  /** Nothing to draw yet (no cache, no answer). */
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The map points: the cached set from IndexedDB at once, then the API's whole visible set (fetched in the
 * background), which replaces it and is written back to the cache.
 */
export function useMapPoints(userKey: string): MapPointsState {
  const cached = useCached(readCachedPoints, userKey);
  const query = useMapViewQuery({});

  // The answer's parallel arrays as the points the map draws.
  const freshPoints = useMemo(() => (query.data ? mapPointsOf(query.data) : undefined), [query.data]);
  useEffect(() => {
    if (query.data && freshPoints)
      void writeCachedPoints(userKey, { points: freshPoints, truncated: query.data.truncated });
  }, [query.data, freshPoints, userKey]);

  const fresh = query.data;
  const points = freshPoints ?? cached?.points;
  return {
    points,
    truncated: fresh?.truncated ?? cached?.truncated ?? false,
    fromCache: !fresh && Boolean(cached),
    isPending: points === undefined && (query.isPending || cached === undefined),
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** The city list (with centres), cached like the points. */
export function useMapCities(userKey: string): CachedCity[] {
  const cached = useCached(readCachedCities, userKey);
  const query = useFilterDataQuery();

  useEffect(() => {
    if (query.data) void writeCachedCities(userKey, query.data.cities);
  }, [query.data, userKey]);

  return query.data?.cities ?? cached?.cities ?? [];
}
