import { type MapBox, type MapPoint, mapPointsOf, snapToTiles } from '@solar/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type MapArea,
  type MapViewData,
  useFilterDataQuery,
  useMapAreaQuery,
  useMapViewQuery,
} from '../../api/quotes';
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

/** A cluster made by the server (an area holding more points than it sends), drawn as it comes. */
export interface ServerCluster {
  lat: number;
  long: number;
  count: number;
  /** How many of its quotes are the caller's projects. */
  projects: number;
}

/** What the map shows: its box and (whole) zoom. */
export interface MapView {
  bbox: MapBox;
  zoom: number;
}

const within = (a: MapBox, b: MapBox) =>
  a.minLat >= b.minLat && a.maxLat <= b.maxLat && a.minLng >= b.minLng && a.maxLng <= b.maxLng;

/**
 * The part of the map to ask the server for when it shows `view`: the current part while it still
 * serves (the view lies inside it, and it holds every point of its box or was clustered for this
 * zoom), else the view grown by half its size each way and widened to whole tiles, so that moving a
 * little asks for nothing and the server's kept answers are hit.
 */
export function areaFor(view: MapView, current: MapArea | null, currentComplete: boolean): MapArea {
  if (current && within(view.bbox, current.box) && (currentComplete || current.zoom === view.zoom)) {
    return current;
  }
  const { minLat, maxLat, minLng, maxLng } = view.bbox;
  const h = (maxLat - minLat) / 2;
  const w = (maxLng - minLng) / 2;
  const padded = {
    minLat: Math.max(-90, minLat - h),
    maxLat: Math.min(90, maxLat + h),
    minLng: Math.max(-180, minLng - w),
    maxLng: Math.min(180, maxLng + w),
  };
  return { box: snapToTiles(padded, view.zoom), zoom: view.zoom };
}

/** The server's clusters of an answer as objects (empty when the answer holds every point). */
export function serverClustersOf(data: MapViewData | undefined): ServerCluster[] {
  const c = data?.clusters;
  if (!c) return [];
  return c.count.map((count, i) => ({
    lat: c.lat[i] ?? 0,
    long: c.long[i] ?? 0,
    count,
    projects: c.projects[i] ?? 0,
  }));
}

export interface MapPointsState {
  /** The points to draw (clustered in the browser). */
  points: MapPoint[] | undefined;
  /** The server's clusters to draw beside them (when the set is larger than the server sends as points). */
  clusters: ServerCluster[];
  /** How many quotes the points and clusters stand for. */
  total: number;
  truncated: boolean;
  /** The points come from the browser database while the API answer is on its way. */
  fromCache: boolean;
  /** Nothing to draw yet (no cache, no answer). */
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
  /** The map tells what it shows; when the server clusters, the part in view is asked for. */
  setView: (view: MapView) => void;
}

/**
 * The map points: the cached set from IndexedDB at once, then the API's whole visible set (fetched in the
 * background), which replaces it and is written back to the cache. When the set is larger than the
 * server sends as points (its answer holds clusters), the part of the map in view is asked for as the
 * map moves: its points (clustered in the browser) or, zoomed out, the server's clusters.
 */
export function useMapPoints(userKey: string): MapPointsState {
  const cached = useCached(readCachedPoints, userKey);
  const query = useMapViewQuery({});
  const serverClustered = Boolean(query.data?.clusters);
  const [area, setArea] = useState<MapArea | null>(null);
  const areaQuery = useMapAreaQuery(serverClustered ? area : null);
  const areaAnswer = serverClustered ? areaQuery.data : undefined;
  const complete = Boolean(areaQuery.data && !areaQuery.isPlaceholderData && !areaQuery.data.clusters);
  const completeRef = useRef(complete);
  completeRef.current = complete;

  // The answer's parallel arrays as the points the map draws.
  const freshPoints = useMemo(() => (query.data ? mapPointsOf(query.data) : undefined), [query.data]);
  const areaPoints = useMemo(() => (areaAnswer ? mapPointsOf(areaAnswer) : undefined), [areaAnswer]);
  useEffect(() => {
    if (query.data && freshPoints)
      void writeCachedPoints(userKey, {
        points: freshPoints,
        truncated: query.data.truncated,
        clusters: serverClustersOf(query.data),
      });
  }, [query.data, freshPoints, userKey]);

  const setView = useCallback(
    (view: MapView) => {
      if (!serverClustered) return;
      setArea((current) => areaFor(view, current, completeRef.current));
    },
    [serverClustered],
  );

  const fresh = areaAnswer ?? query.data;
  const points = areaPoints ?? freshPoints ?? cached?.points;
  const clusters = useMemo(
    () => (fresh ? serverClustersOf(fresh) : (cached?.clusters ?? [])),
    [fresh, cached],
  );
  const total = (points?.length ?? 0) + clusters.reduce((sum, c) => sum + c.count, 0);
  return {
    points,
    clusters,
    total,
    truncated: fresh?.truncated ?? cached?.truncated ?? false,
    fromCache: !fresh && Boolean(cached),
    isPending: points === undefined && (query.isPending || cached === undefined),
    isFetching: query.isFetching || areaQuery.isFetching,
    error: query.error ?? areaQuery.error,
    refetch: () => {
      void query.refetch();
      if (area) void areaQuery.refetch();
    },
    setView,
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
