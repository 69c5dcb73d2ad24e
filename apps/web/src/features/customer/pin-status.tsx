import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@solar/shared';
import { IconCurrentLocation } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { currentLanguage } from '../../i18n';
import { WRAPPING_BUTTON } from '../../lib/wrapping-button';
// Types only: the map (and Leaflet) stays in its own chunk where a screen loads it lazily.
import type { LatLng, PinMapHandle } from './pin-map';

/**
 * Under a pin map: where the pin is (or that there is none yet, said politely to screen readers)
 * and a button that puts the pin at the centre of the map's view. Each screen brings its own texts
 * and test ids.
 */
export function PinStatus({
  pin,
  mapRef,
  onPinChange,
  pinSet,
  noPin,
  atCentre,
  stateTestId,
  centreTestId,
}: {
  pin: LatLng | null;
  mapRef: RefObject<PinMapHandle | null>;
  onPinChange: (point: LatLng) => void;
  /** The pin's place, given its coordinates in the current language's number format. */
  pinSet: (coords: { lat: string; long: string }) => string;
  /** Said while there is no pin. */
  noPin: string;
  /** The button's label. */
  atCentre: string;
  stateTestId: string;
  centreTestId: string;
}) {
  const lang = currentLanguage();
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c={pin ? undefined : 'dimmed'} aria-live="polite" data-testid={stateTestId}>
        {pin ? pinSet({ lat: formatNumber(pin.lat, lang, 5), long: formatNumber(pin.lng, lang, 5) }) : noPin}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconCurrentLocation size={16} aria-hidden />}
        // A long label (Spanish) wraps at 375 px instead of being cut off.
        styles={WRAPPING_BUTTON}
        onClick={() => {
          const centre = mapRef.current?.center();
          if (centre) onPinChange(centre);
        }}
        data-testid={centreTestId}
      >
        {atCentre}
      </Button>
    </Group>
  );
}
