import type { MapPoint } from '@solar/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The browser database of SPEC §5: 'map data' with the stores 'map data' and 'cities data'. */
export const MAP_DB_NAME = 'map data';
const POINTS_STORE = 'map data';
const CITIES_STORE = 'cities data';

export interface CachedCity {
  city: string;
  count: number;
  lat: number;
  long: number;
}

export interface CachedPoints {
  points: MapPoint[];
  truncated: boolean;
  /** The server's clusters of the whole set, when it was too large to send as points. */
  clusters?: { lat: number; long: number; count: number; projects: number }[];
  savedAt: number;
}

export interface CachedCities {
  cities: CachedCity[];
  savedAt: number;
}

interface MapDb extends DBSchema {
  'map data': { key: string; value: CachedPoints };
  'cities data': { key: string; value: CachedCities };
}

let dbPromise: Promise<IDBPDatabase<MapDb>> | null = null;

function database(): Promise<IDBPDatabase<MapDb>> | null {
  if (typeof indexedDB === 'undefined') return null;
  dbPromise ??= openDB<MapDb>(MAP_DB_NAME, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(POINTS_STORE)) db.createObjectStore(POINTS_STORE);
      if (!db.objectStoreNames.contains(CITIES_STORE)) db.createObjectStore(CITIES_STORE);
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/**
 * The cache is kept per user (the key), since every user sees another set of quotes. A failing database
 * (private mode, quota) only means no cache: reads answer null and writes are dropped.
 */
export async function readCachedPoints(userKey: string): Promise<CachedPoints | null> {
  try {
    const db = await database();
    return (await db?.get(POINTS_STORE, userKey)) ?? null;
  } catch {
    return null;
  }
}

export async function writeCachedPoints(
  userKey: string,
  value: Omit<CachedPoints, 'savedAt'>,
): Promise<void> {
  try {
    const db = await database();
    await db?.put(POINTS_STORE, { ...value, savedAt: Date.now() }, userKey);
  } catch {
    // No cache this time.
  }
}

export async function readCachedCities(userKey: string): Promise<CachedCities | null> {
  try {
    const db = await database();
    return (await db?.get(CITIES_STORE, userKey)) ?? null;
  } catch {
    return null;
  }
}

export async function writeCachedCities(userKey: string, cities: CachedCity[]): Promise<void> {
  try {
    const db = await database();
    await db?.put(CITIES_STORE, { cities, savedAt: Date.now() }, userKey);
  } catch {
    // No cache this time.
  }
}

/** Forgets every cached point and city (for logout: the cache holds addresses). */
export async function clearMapCache(): Promise<void> {
  try {
    const db = await database();
    if (!db) return;
    const tx = db.transaction([POINTS_STORE, CITIES_STORE], 'readwrite');
    await Promise.all([tx.objectStore(POINTS_STORE).clear(), tx.objectStore(CITIES_STORE).clear(), tx.done]);
  } catch {
    // Nothing cached, or no database.
  }
}
