import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { formatEuro, formatNumber, type MapPoint, type Stage } from '@solar/shared';
import { IconBookmarkPlus, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuoteQuery, useSaveQuoteAsProject } from '../../api/quotes';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { STAGE_COLORS } from './stage-colors';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function projectLink(projectId: string): string {
  return `/projectview?projectId=${encodeURIComponent(projectId)}`;
}

interface PointPopupProps {
  point: MapPoint;
  /** Installer roles may save a quote as their company's project. */
  canSave: boolean;
  /** The point became a project (its dot changes colour). */
  onSaved: (point: MapPoint, stage: Stage) => void;
}

/**
 * The popup of one map point: key facts, and the way on: 'Open project' for the company's project (the
 * project id comes from GET /quote/{id}, since a map point has none), else 'Save as project'.
 */
export function PointPopup({ point, canSave, onSaved }: PointPopupProps) {
  const { t } = useTranslation(['map', 'pipeline']);
  const { t: tc } = useTranslation();
  const lang = currentLanguage();
  // A map point carries no details: they come with the quote when its popup opens.
  const quote = useQuoteQuery(point._id);
  const details = quote.data;
  const save = useSaveQuoteAsProject();
  const projectId = save.data?._id ?? quote.data?.projectId ?? null;

  const onSave = () => {
    save.mutate(point._id, {
      onSuccess: (project) => {
        notifySuccess(t('map:popup.saved'));
        onSaved(point, project.projectStatus);
      },
      onError: (error) => notifyError(error, tc),
    });
  };

  let action: React.ReactNode = null;
  if (projectId) {
    action = (
      <Button
        component={Link}
        to={projectLink(projectId)}
        size="xs"
        fullWidth
        c="white"
        rightSection={<IconExternalLink size={14} aria-hidden />}
        data-testid="map-popup-open-project"
      >
        {t('map:popup.openProject')}
      </Button>
    );
  } else if (quote.isPending) {
    action = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="xs" c="dimmed">
          {t('map:popup.projectLoading')}
        </Text>
      </Group>
    );
  } else if (quote.isError) {
    action = (
      <Stack gap={4} role="alert">
        <Text size="xs" c="red">
          {errorMessage(quote.error, tc) ?? t('map:popup.projectFailed')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void quote.refetch()}>
          {tc('common.retry')}
        </Button>
      </Stack>
    );
  } else if (canSave) {
    action = (
      <Button
        size="xs"
        variant="light"
        fullWidth
        loading={save.isPending}
        onClick={onSave}
        leftSection={<IconBookmarkPlus size={14} aria-hidden />}
        data-testid="map-popup-save-project"
      >
        {t('map:popup.saveProject')}
      </Button>
    );
  }

  const stage = save.data?.projectStatus ?? point.projectStatus;
  return (
    <Stack gap={6} miw={220} data-testid={`map-popup-${point._id}`}>
      {details ? (
        <div>
          <Text fw={700} size="sm" lh={1.3}>
            {details.address}
          </Text>
          <Text size="xs" c="dimmed">
            {details.city} · {details.shortId}
          </Text>
        </div>
      ) : null}
      {stage && (
        <Badge
          variant="light"
          color={STAGE_COLORS[stage]}
          leftSection={
            <span
              aria-hidden
              style={{
                width: 8,
                height: 8,
                borderRadius: 4,
                background: STAGE_COLORS[stage],
                display: 'block',
              }}
            />
          }
        >
          {t('map:popup.stage')}: {t(`pipeline:stage.${stage}`)}
        </Badge>
      )}
      {details && (
        <>
          <Fact
            label={t('map:popup.rating')}
            value={t('map:popup.ratingValue', { n: formatNumber(details.rating, lang, 1) })}
          />
          <Fact label={t('map:popup.totalCost')} value={formatEuro(details.totalCost, lang)} />
          <Fact
            label={t('map:popup.consumption')}
            value={t('map:popup.kwh', { n: formatNumber(details.consumption, lang) })}
          />
        </>
      )}
      {action && <div style={{ marginTop: 4 }}>{action}</div>}
    </Stack>
  );
}
