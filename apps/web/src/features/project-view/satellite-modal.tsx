import { Modal, Stack, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../layout/named-loader';

// Leaflet loads when the map is first shown (bundle budget: maps only when opened).
const SatelliteMap = lazy(async () => ({ default: (await import('./satellite-map')).SatelliteMap }));

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
          <Suspense fallback={<NamedLoader size="sm" label={tApp('common.loading')} />}>
            <SatelliteMap lat={lat} long={long} label={address} />
          </Suspense>
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
