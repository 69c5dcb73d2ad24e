import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatNumber, isInstallerRole, type MapPoint, STAGES, type Stage } from '@solar/shared';
import { IconMapPinOff, IconRefresh, IconZoomReset } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../i18n';
import { ErrorState } from '../../layout/full-page-state';
import { PageTitle } from '../../layout/page-title';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { useServiceArea } from '../listing/nearby-notice';
import { PointPopup } from './point-popup';
import { boundsOf, QuoteMap, type QuoteMapHandle, type ServiceArea, serviceAreaBounds } from './quote-map';
import classes from './quote-map.module.css';
import { QUOTE_COLOR, STAGE_COLORS } from './stage-colors';
import { useMapCities, useMapPoints } from './use-map-data';

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: 6,
        background: color,
        border: '2px solid #fff',
        boxShadow: '0 0 0 1px rgb(15 23 42 / 40%)',
      }}
    />
  );
}

function Legend() {
  const { t } = useTranslation(['map', 'pipeline']);
  return (
    <Paper p="xs" px="sm" withBorder aria-label={t('map:legend.title')} component="section">
      <Group gap="md" wrap="wrap">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t('map:legend.title')}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Dot color={QUOTE_COLOR} />
          <Text size="xs">{t('map:legend.quote')}</Text>
        </Group>
        {STAGES.map((stage) => (
          <Group gap={6} wrap="nowrap" key={stage}>
            <Dot color={STAGE_COLORS[stage]} />
            <Text size="xs">{t(`pipeline:stage.${stage}`)}</Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 16,
              height: 16,
              borderRadius: 8,
              background: 'rgb(12 133 153 / 88%)',
              border: '2px solid #fff',
              boxShadow: '0 0 0 2px rgb(12 133 153 / 28%)',
            }}
          />
          <Text size="xs">{t('map:legend.cluster')}</Text>
        </Group>
      </Group>
    </Paper>
  );
}

/** /mapview: every quote the caller may see on a clustered map, cached in IndexedDB for a quick return. */
export function MapPage() {
  const { t } = useTranslation(['map', 'translation']);
  const { t: tc } = useTranslation();
  const { user, installerDetails } = useCurrentUser();
  useDocumentTitle(`${t('map:title')} · ${t('translation:app.name')}`);
  const lang = currentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const focusId = searchParams.get('quote');
  const mapRef = useRef<QuoteMapHandle>(null);
  const data = useMapPoints(user._id);
  const cities = useMapCities(user._id);
  const [selected, setSelected] = useState<MapPoint | null>(null);
  // The chosen quote is kept in the address (`?quote=`), so a reload or a link opens it again. Leaving
  // the page closes the popup too (the map is removed): that must not write the next page's address.
  const shown = useRef(true);
  useLayoutEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const onSelect = useCallback(
    (point: MapPoint | null) => {
      if (!shown.current) return;
      setSelected(point);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (point) next.set('quote', point._id);
          else next.delete('quote');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const [city, setCity] = useState<string | null>(null);
  const installer = isInstallerRole(user.role);
  const { hasAddress: hasArea, canEdit: canEditArea } = useServiceArea();

  const company = installerDetails ?? user.installerPartner[0] ?? null;
  const serviceArea = useMemo<ServiceArea | null>(
    () =>
      company && company.latitude !== null && company.longitude !== null && company.serviceRadiusKm > 0
        ? { lat: company.latitude, lng: company.longitude, radiusKm: company.serviceRadiusKm }
        : null,
    [company],
  );

  const points = data.points;
  const clusters = data.clusters;
  const allBounds = useMemo(
    () => (serviceArea ? serviceAreaBounds(serviceArea) : points ? boundsOf([...points, ...clusters]) : null),
    [points, clusters, serviceArea],
  );

  // The first view: a focused quote (?quote=<id>), else the service area, else the data's bounds.
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !points) return;
    const focused = focusId ? points.find((p) => p._id === focusId) : undefined;
    if (focused) {
      fitted.current = true;
      mapRef.current?.focusPoint(focused);
      return;
    }
    if (allBounds) {
      fitted.current = true;
      mapRef.current?.fitBounds(allBounds);
    }
  }, [points, allBounds, focusId]);

  const cityOptions = useMemo(
    () =>
      [...cities]
        .sort((a, b) => a.city.localeCompare(b.city, lang))
        .map((c) => ({
          value: c.city,
          label: t('map:city.option', { city: c.city, n: formatNumber(c.count, lang) }),
        })),
    [cities, lang, t],
  );

  const onCity = (value: string | null) => {
    setCity(value);
    const target = cities.find((c) => c.city === value);
    if (target) mapRef.current?.flyTo(target.lat, target.long, 12);
  };

  // The map answers held show the new stage already (`useSaveQuoteAsProject` sets it).
  const onSaved = (point: MapPoint, stage: Stage) => {
    setSelected((current) =>
      current && current._id === point._id ? { ...current, projectStatus: stage } : current,
    );
  };

  let overlay: React.ReactNode = null;
  if (data.isPending) {
    overlay = (
      <div className={classes.overlay} role="status" aria-live="polite" data-testid="map-loading">
        <Paper p="md" shadow="sm" withBorder>
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{t('map:loading')}</Text>
          </Group>
        </Paper>
      </div>
    );
  } else if (!points && data.error) {
    overlay = (
      <div className={classes.overlay}>
        <Paper shadow="sm" withBorder>
          <ErrorState message={errorMessage(data.error, tc) ?? t('map:loadFailed')} onRetry={data.refetch} />
        </Paper>
      </div>
    );
  } else if (points && data.total === 0 && !data.fromCache) {
    // A company without a location has no service area at all: widening the radius would not help.
    const noArea = installer && !hasArea;
    overlay = (
      <div className={classes.overlay} data-testid="map-empty" data-reason={noArea ? 'no-address' : 'area'}>
        <Paper p="md" shadow="sm" withBorder maw={440}>
          <EmptyState
            icon={<IconMapPinOff size={28} />}
            variant="light"
            title={noArea ? t('map:noAddressTitle') : t('map:empty')}
            description={
              noArea
                ? t(canEditArea ? 'map:noAddress' : 'map:noAddressAsk')
                : installer
                  ? t('map:emptyHintInstaller')
                  : t('map:emptyHint')
            }
          >
            {installer && (
              <Button component={Link} to="/profile#company" variant="light" size="xs">
                {t('map:openSettings')}
              </Button>
            )}
          </EmptyState>
        </Paper>
      </div>
    );
  }

  const count = data.total;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <PageTitle>{t('map:title')}</PageTitle>
          <Text c="dimmed" size="sm">
            {t('map:subtitle')}
          </Text>
        </div>
        <Group gap="xs" align="flex-end" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
          <Select
            label={t('map:city.label')}
            placeholder={t('map:city.placeholder')}
            data={cityOptions}
            value={city}
            onChange={onCity}
            searchable
            clearable
            nothingFoundMessage={t('map:city.empty')}
            w={{ base: 'auto', sm: 240 }}
            style={{ flex: '1 1 auto' }}
            data-testid="map-city-select"
            comboboxProps={{ zIndex: 1100 }}
          />
          <Tooltip label={t('map:showAll')} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('map:showAll')}
              disabled={!allBounds}
              onClick={() => {
                setCity(null);
                if (allBounds) mapRef.current?.fitBounds(allBounds);
              }}
            >
              <IconZoomReset size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('map:refresh')} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('map:refresh')}
              loading={data.isFetching}
              onClick={data.refetch}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Group gap="xs" aria-live="polite" mih={22}>
        {points && (
          <Badge variant="light" color="teal" size="lg" data-testid="map-count">
            {t('map:count', { count, n: formatNumber(count, lang) })}
          </Badge>
        )}
        {data.fromCache && data.isFetching && (
          <Badge variant="light" color="gray" size="lg" leftSection={<Loader size={10} />}>
            {t('map:cached')}
          </Badge>
        )}
        {!data.fromCache && data.isFetching && points && (
          <Text size="xs" c="dimmed">
            {t('map:refreshing')}
          </Text>
        )}
      </Group>

      {points && data.error != null && (
        <Alert color="orange" variant="light" role="alert" title={t('map:refreshFailed')}>
          <Button size="xs" variant="light" color="orange" onClick={data.refetch}>
            {t('translation:common.retry')}
          </Button>
        </Alert>
      )}
      {data.truncated && (
        <Alert color="blue" variant="light">
          {t('map:truncated', { n: formatNumber(count, lang) })}
        </Alert>
      )}

      <QuoteMap
        ref={mapRef}
        points={points ?? []}
        serverClusters={clusters}
        onViewChange={data.setView}
        serviceArea={serviceArea}
        selected={selected}
        onSelect={onSelect}
        popup={
          selected && <PointPopup key={selected._id} point={selected} canSave={installer} onSaved={onSaved} />
        }
      >
        {overlay}
      </QuoteMap>
      <Legend />
    </Stack>
  );
}
