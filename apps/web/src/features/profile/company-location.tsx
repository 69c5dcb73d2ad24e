import { Group, Input, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { findPlace } from '../customer/known-places';
import type { LatLng, PinMapHandle } from '../customer/pin-map';
import { PinStatus } from '../customer/pin-status';

// Leaflet comes with the map only: the settings open without it.
const PinMap = lazy(() => import('../customer/pin-map').then((m) => ({ default: m.PinMap })));

const CITY_ZOOM = 12;
const PIN_ZOOM = 13;

/**
 * The company's location, the centre of its service area: there is no geocoding service, so the
 * admin marks it on the map (a known city typed above moves the map there first). Until it is
 * marked the company has no service area (docs/pipeline.md, "Who sees what").
 */
export function CompanyLocation({
  pin,
  onPinChange,
  city,
}: {
  pin: LatLng | null;
  onPinChange: (point: LatLng) => void;
  /** The city typed in the form. */
  city: string;
}) {
  const { t } = useTranslation('map');
  const { t: tApp } = useTranslation();
  const mapRef = useRef<PinMapHandle>(null);
  const ids = useId();
  const helpId = `${ids}-help`;

  // A known city typed moves the map there; the map opens on the pin, or else on the city.
  const [debouncedCity] = useDebouncedValue(city, 300);
  const lastPlace = useRef<string | null>(null);
  useEffect(() => {
    const place = findPlace(debouncedCity);
    const key = place ? `${place.lat},${place.lng}` : null;
    if (place && key !== lastPlace.current && lastPlace.current !== null)
      mapRef.current?.flyTo(place, CITY_ZOOM);
    lastPlace.current = key ?? '';
  }, [debouncedCity]);

  const start = pin ?? findPlace(city);
  return (
    <Stack gap={6} data-testid="company-location">
      <Input.Label component="div">{t('companyLocation.label')}</Input.Label>
      <Text size="sm" c="dimmed" id={helpId}>
        {t('companyLocation.help')}
      </Text>
      <Suspense
        fallback={
          <Group h={280} justify="center">
            <Loader size="sm" aria-label={tApp('common.loading')} />
          </Group>
        }
      >
        <PinMap
          ref={mapRef}
          pin={pin}
          onPinChange={onPinChange}
          label={t('companyLocation.map')}
          markerTitle={t('companyLocation.marker')}
          zoomInTitle={t('companyLocation.zoomIn')}
          zoomOutTitle={t('companyLocation.zoomOut')}
          describedBy={helpId}
          initialView={start ? { center: start, zoom: pin ? PIN_ZOOM : CITY_ZOOM } : undefined}
          testId="company-location-map"
        />
      </Suspense>
      <PinStatus
        pin={pin}
        mapRef={mapRef}
        onPinChange={onPinChange}
        pinSet={(coords) => t('companyLocation.set', coords)}
        noPin={t('companyLocation.none')}
        atCentre={t('companyLocation.atCenter')}
        stateTestId="company-location-state"
        centreTestId="company-location-center"
      />
    </Stack>
  );
}
