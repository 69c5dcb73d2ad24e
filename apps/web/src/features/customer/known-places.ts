/**
 * A few German cities, so the map can jump to the one typed in the form without a geocoding service
 * (the page must work offline and without tiles). Coordinates are the city centres.
 */
const PLACES: { names: string[]; lat: number; lng: number }[] = [
  { names: ['münchen', 'munich'], lat: 48.1371, lng: 11.5754 },
  { names: ['berlin'], lat: 52.52, lng: 13.405 },
  { names: ['hamburg'], lat: 53.5511, lng: 9.9937 },
  { names: ['köln', 'cologne'], lat: 50.9375, lng: 6.9603 },
  { names: ['frankfurt', 'frankfurt am main'], lat: 50.1109, lng: 8.6821 },
  { names: ['stuttgart'], lat: 48.7758, lng: 9.1829 },
  { names: ['düsseldorf'], lat: 51.2277, lng: 6.7735 },
  { names: ['leipzig'], lat: 51.3397, lng: 12.3731 },
  { names: ['dortmund'], lat: 51.5136, lng: 7.4653 },
  { names: ['essen'], lat: 51.4556, lng: 7.0116 },
  { names: ['bremen'], lat: 53.0793, lng: 8.8017 },
  { names: ['dresden'], lat: 51.0504, lng: 13.7373 },
  { names: ['hannover', 'hanover'], lat: 52.3759, lng: 9.732 },
  { names: ['nürnberg', 'nuremberg'], lat: 49.4521, lng: 11.0767 },
  { names: ['augsburg'], lat: 48.3705, lng: 10.8978 },
  { names: ['regensburg'], lat: 49.0134, lng: 12.1016 },
  { names: ['freiburg', 'freiburg im breisgau'], lat: 47.999, lng: 7.8421 },
  { names: ['bonn'], lat: 50.7374, lng: 7.0982 },
  { names: ['münster'], lat: 51.9607, lng: 7.6261 },
  { names: ['karlsruhe'], lat: 49.0069, lng: 8.4037 },
  { names: ['mannheim'], lat: 49.4875, lng: 8.466 },
  { names: ['kiel'], lat: 54.3233, lng: 10.1228 },
  { names: ['rostock'], lat: 54.0924, lng: 12.0991 },
  { names: ['erfurt'], lat: 50.9848, lng: 11.0299 },
  { names: ['mainz'], lat: 49.9929, lng: 8.2473 },
  { names: ['wiesbaden'], lat: 50.0782, lng: 8.2398 },
  { names: ['saarbrücken'], lat: 49.2402, lng: 6.9969 },
  { names: ['potsdam'], lat: 52.3906, lng: 13.0645 },
  { names: ['magdeburg'], lat: 52.1205, lng: 11.6276 },
  { names: ['schwerin'], lat: 53.6355, lng: 11.4012 },
];

/** Lower case, umlauts and ß spelled out, accents and extra spaces removed. */
export function normalisePlace(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ');
}

const INDEX = new Map<string, { lat: number; lng: number }>();
for (const place of PLACES) {
  for (const name of place.names) {
    const point = { lat: place.lat, lng: place.lng };
    INDEX.set(normalisePlace(name), point);
    // "Munchen" (umlaut left out) finds München too.
    INDEX.set(normalisePlace(name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')), point);
  }
}

/** The centre of a known city, or null. */
export function findPlace(city: string): { lat: number; lng: number } | null {
  return INDEX.get(normalisePlace(city)) ?? null;
}
