import {
  type BUILDING_TYPES,
  QUOTE_FLAGS,
  QUOTE_STATUSES,
  QUOTE_TASK_STATUSES,
  ROOF_MATERIALS,
  ROOF_ORIENTATIONS,
  ROOF_TYPES,
  SOLAR_COVERAGES,
  VERIFICATIONS,
} from '@solar/shared';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './geo';

/** A small deterministic PRNG (mulberry32), so demo data is the same on every machine. */
export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => Math.floor(next() * (max - min + 1)) + min,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    round: (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits,
  };
}
export type Rng = ReturnType<typeof rng>;

export interface QuoteRow {
  short_id: string;
  address: string;
  postal_code: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  task_status: string;
  verification: string;
  solar_coverage: string;
  roof_type: string;
  roof_material: string;
  roof_orientation: string;
  building_type: string;
  price_per_kwh: number;
  feed_in_tariff: number;
  people: number;
  consumption: number;
  total_cost: number;
  rating: number;
  flags: string[];
  is_duplicate: boolean;
  is_blacklisted: boolean;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  created_at: Date;
}

export const QUOTE_COLUMNS = [
  'short_id',
  'address',
  'postal_code',
  'city',
  'latitude',
  'longitude',
  'status',
  'task_status',
  'verification',
  'solar_coverage',
  'roof_type',
  'roof_material',
  'roof_orientation',
  'building_type',
  'price_per_kwh',
  'feed_in_tariff',
  'people',
  'consumption',
  'total_cost',
  'rating',
  'flags',
  'is_duplicate',
  'is_blacklisted',
  'customer_first_name',
  'customer_last_name',
  'customer_email',
  'customer_phone',
  'created_at',
] as const satisfies readonly (keyof QuoteRow)[];

const SHORT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Picks a city by weight. */
export function pickCity(r: Rng) {
  const total = CITIES.reduce((s, c) => s + c.weight, 0);
  let x = r.next() * total;
  for (const c of CITIES) {
    x -= c.weight;
    if (x <= 0) return c;
  }
  return CITIES[0];
}

/** One plausible quote: a household or business roof near a city centre, with its economics. */
export function buildQuote(r: Rng, index: number, city = pickCity(r), now = Date.now()): QuoteRow {
  const business = r.next() < 0.15;
  const buildingType = business
    ? r.pick(['Office', 'Industry', 'Agriculture', 'Industrial', 'Administration'] as const)
    : r.pick(['Single-Family', 'Single-Family', 'Multi-Family', 'Residential'] as const);
  const people = business ? r.int(5, 40) : r.int(1, 6);
  const consumption = business ? r.int(15, 200) * 1000 : 1500 + people * r.int(600, 1100);
  const kwp = r.round(Math.max(3, consumption / 1000) * (0.9 + r.next() * 0.4), 1);
  const totalCost = Math.round(kwp * (1300 + r.int(0, 500)));
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const noCoordinates = r.next() < 0.02;
  // Spread around the centre: about 0–12 km.
  const dLat = (r.next() - 0.5) * 0.2;
  const dLng = (r.next() - 0.5) * 0.3;
  const street = `${r.pick(STREETS)} ${r.int(1, 180)}`;
  const plz = `${city.plz}${String(r.int(100, 999))}`;
  let shortId = '';
  let n = index * 2654435761;
  for (let i = 0; i < 7; i++) {
    shortId += SHORT_ID_ALPHABET[Math.abs(n) % SHORT_ID_ALPHABET.length];
    n = Math.floor(Math.abs(n) / SHORT_ID_ALPHABET.length) + i * 7919;
  }
  return {
    short_id: `${shortId}${index.toString(36).toUpperCase()}`,
    address: `${street}, ${plz} ${city.name}`,
    postal_code: plz,
    city: city.name,
    latitude: noCoordinates ? null : r.round(city.lat + dLat, 6),
    longitude: noCoordinates ? null : r.round(city.lng + dLng, 6),
    status: r.pick(QUOTE_STATUSES),
    task_status: r.pick(QUOTE_TASK_STATUSES.slice(0, 7)),
    verification: r.pick(VERIFICATIONS),
    solar_coverage: r.pick(SOLAR_COVERAGES),
    roof_type: r.pick(ROOF_TYPES),
    roof_material: r.pick(ROOF_MATERIALS),
    roof_orientation: r.pick(ROOF_ORIENTATIONS),
    building_type: buildingType satisfies (typeof BUILDING_TYPES)[number],
    price_per_kwh: r.round(0.28 + r.next() * 0.14, 3),
    feed_in_tariff: r.round(0.07 + r.next() * 0.015, 4),
    people,
    consumption,
    total_cost: totalCost,
    rating: r.round(1 + r.next() * 4, 1),
    flags: QUOTE_FLAGS.filter(() => r.next() < 0.25),
    is_duplicate: false,
    is_blacklisted: false,
    customer_first_name: first,
    customer_last_name: last,
    customer_email: `${first}.${last}.${index}@kunde.example`
      .toLowerCase()
      .replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c] ?? c),
    customer_phone: `+49 ${r.int(150, 179)} ${r.int(1000000, 9999999)}`,
    created_at: new Date(now - r.int(0, 540) * 86_400_000 - r.int(0, 86_399) * 1000),
  };
}

/** Multi-row INSERT text and parameters for a batch (raw SQL: Drizzle is ~3x slower for bulk loads). */
export function quoteInsert(rows: QuoteRow[]): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const marks = QUOTE_COLUMNS.map((c) => {
      params.push(row[c]);
      return `$${params.length}`;
    });
    return `(${marks.join(', ')})`;
  });
  return {
    text: `INSERT INTO quotes (${QUOTE_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`,
    params,
  };
}
