import 'leaflet/dist/leaflet.css';
import { Modal, Stack, Text } from '@mantine/core';
import { CONSTANTS } from '@solar/shared';
import { IconMapPinOff } from '@tabler/icons-react';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const ESRI_WORLD_IMAGERY =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';

/** A Leaflet map on Esri World Imagery at zoom 20 with a marker on the project. */
function SatelliteMap({ lat, long, label }: { lat: number; long: number; label: string }) {
  const { t } = useTranslation('projectView');
  const container = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: [lat, long],
      zoom: CONSTANTS.mapZoom,
      maxZoom: CONSTANTS.mapZoom,
      attributionControl: true,
    });
    L.tileLayer(ESRI_WORLD_IMAGERY, {
      maxZoom: CONSTANTS.mapZoom,
      maxNativeZoom: 19,
      attribution: 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics',
    }).addTo(map);
    // A vector marker: no image assets for the bundler to resolve.
    L.circleMarker([lat, long], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#f59f00',
      fillOpacity: 1,
    })
      .bindTooltip(label)
      .addTo(map);
    // The modal animates in: keep the map's size in step with its box.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.remove();
    };
  }, [lat, long, label]);

  return (
    // A named section (a region), not an image: the map holds controls of its own (zoom, panning).
    <section
      ref={container}
      aria-label={t('satellite.mapLabel', { address: label })}
      data-testid="satellite-map"
      style={{ height: 'min(60vh, 480px)', width: '100%', borderRadius: 8 }}
    />
  );
}

interface SatelliteModalProps {
  opened: boolean;
  onClose: () => void;
  address: string;
  lat: number | null;
  long: number | null;
}

/** The satellite map modal of SPEC §2; without coordinates it says so. */
export function SatelliteModal({ opened, onClose, address, lat, long }: SatelliteModalProps) {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const hasLocation = lat !== null && long !== null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('satellite.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="satellite-modal"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {address}
        </Text>
        {hasLocation ? (
          <SatelliteMap lat={lat} long={long} label={address} />
        ) : (
          <Stack align="center" gap="xs" py="xl" data-testid="satellite-no-location">
            <IconMapPinOff size={36} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>{t('satellite.noLocation')}</Text>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
