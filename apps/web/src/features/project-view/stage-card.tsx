import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Timeline } from '@mantine/core';
import { formatDate, localeOf, STAGE_TRANSITIONS, type Stage } from '@solar/shared';
import { IconArrowRight, IconCircleX, IconFlag } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectDetail, useUpdateProject } from '../../api/project-view';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { FinalStageDialog, isFinalStage } from '../pipeline/final-stage-dialog';
import { Section } from './section';
import { nextStages } from './utils';

export const STAGE_COLORS: Record<Stage, string> = {
  ACQUISITION: 'gray',
  OFFER_PROVIDED: 'blue',
  INSTALLER_SIGNED: 'violet',
  PROJECT_REALIZED: 'teal',
  OFFER_NOT_ACCEPTED: 'red',
};

/**
 * A move was just made from this card: the card is drawn anew for the new stage (its key), and the
 * button that had the focus is gone with the old one. The new card takes the focus instead.
 */
let focusAfterMove = false;

/** The project's stage with a change to an allowed next stage (STAGE_TRANSITIONS and the role rule). */
export function StageCard({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectView');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const update = useUpdateProject(project._id);
  const current = project.projectStatus;
  const next = nextStages(user.role, current);
  // Next stages the pipeline has but the user's role may not choose (sales do not mark a project realized).
  const withheld = STAGE_TRANSITIONS[current].filter((stage) => !next.includes(stage));
  const [target, setTarget] = useState<Stage | ''>('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = target && next.includes(target) ? target : '';
  const [confirming, setConfirming] = useState(false);

  const selectRef = useRef<HTMLSelectElement>(null);

  // After a move: on the choice of the next stage, or on the card's title where the stage is final.
  useEffect(() => {
    if (!focusAfterMove) return;
    focusAfterMove = false;
    const title = document.getElementById('pv-stage-title');
    if (selectRef.current) selectRef.current.focus();
    else if (title) {
      title.tabIndex = -1;
      title.focus();
    }
  }, []);

  const move = () => {
    if (!chosen) return;
    // The last stage cannot be left again: asked first.
    if (isFinalStage(chosen) && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setRefusal(null);
    update.mutate(
      { projectStatus: chosen },
      {
        onSuccess: (data) => {
          setTarget('');
          focusAfterMove = data.projectStatus !== current;
          notifySuccess(t('stage.moved', { stage: tp(`stage.${data.projectStatus}`) }));
        },
        onError: (error) => setRefusal(errorMessage(error, tApp)),
      },
    );
  };

  let change: ReactNode;
  if (STAGE_TRANSITIONS[current].length === 0) {
    change = (
      <Text size="sm" c="dimmed" data-testid="stage-final">
        {t('stage.final')}
      </Text>
    );
  } else if (next.length === 0) {
    change = (
      <Text size="sm" c="dimmed" data-testid="stage-no-rights">
        {t('stage.noRights')}
      </Text>
    );
  } else {
    change = (
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          ref={selectRef}
          label={t('stage.moveTo')}
          value={chosen}
          onChange={(event) => setTarget(event.currentTarget.value as Stage | '')}
          data={[
            { value: '', label: t('stage.choose') },
            ...next.map((stage) => ({ value: stage, label: tp(`stage.${stage}`) })),
          ]}
          style={{ flex: '1 1 200px' }}
          data-testid="stage-select"
        />
        <Button
          onClick={move}
          disabled={!chosen}
          loading={update.isPending}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          data-testid="stage-submit"
        >
          {t('stage.change')}
        </Button>
      </Group>
    );
  }
  // Without it a salesperson of a signed project found only 'Offer not accepted' to choose, with no word
  // of where 'Project realized' had gone.
  const withheldNote = withheld.length > 0 && next.length > 0 && (
    <Text size="sm" c="dimmed" data-testid="stage-withheld">
      {t('stage.withheld', {
        stages: withheld.map((stage) => tp(`stage.${stage}`)).join(', '),
      })}
    </Text>
  );

  return (
    <Section id="stage" title={t('stage.title')}>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('stage.current')}
          </Text>
          <Badge color={STAGE_COLORS[current]} variant="light" size="lg" data-testid="stage-current">
            {tp(`stage.${current}`)}
          </Badge>
        </Group>
        {project.customerDecline && <CustomerDeclineNote decline={project.customerDecline} />}
        {change}
        {withheldNote}
        <FinalStageDialog
          move={
            confirming && chosen
              ? { stage: chosen, address: project.quote.mapboxAddress.complete || project.address }
              : null
          }
          onConfirm={move}
          onCancel={() => setConfirming(false)}
        />
        {refusal && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel={tApp('common.close')}
            onClose={() => setRefusal(null)}
            data-testid="stage-error"
          >
            {refusal}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/** The customer's online decline (customer view): which version, when, and the reason they gave. */
function CustomerDeclineNote({ decline }: { decline: NonNullable<ProjectDetail['customerDecline']> }) {
  const { t } = useTranslation('projectView');
  const lang = currentLanguage();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCircleX aria-hidden />}
      title={t('stage.declinedTitle')}
      data-testid="customer-decline"
    >
      <Text size="sm">
        {t('stage.declined', { version: decline.offerVersion, date: formatDate(decline.declinedAt, lang) })}
      </Text>
      {/* The customer's words as typed: one long word wraps within the note. */}
      <Text
        size="sm"
        data-testid="customer-decline-reason"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {decline.reason ? t('stage.declineReason', { reason: decline.reason }) : t('stage.declineNoReason')}
      </Text>
    </Alert>
  );
}

/** Every stage move of the project, newest first: from, to, by whom, when. */
export function HistoryCard({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projectView');
  const { t: tp } = useTranslation('pipeline');
  const lang = currentLanguage();
  const time = new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit' });
  const entries = [...project.history].sort((a, b) => b.at.localeCompare(a.at));

  return (
    <Section id="history" title={t('history.title')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Timeline active={0} bulletSize={22} lineWidth={2} data-testid="stage-history">
          {entries.map((entry) => (
            <Timeline.Item
              key={`${entry.at}-${entry.to}`}
              bullet={<IconFlag size={12} aria-hidden />}
              title={
                entry.from
                  ? t('history.moved', {
                      from: tp(`stage.${entry.from}`),
                      to: tp(`stage.${entry.to}`),
                    })
                  : t('history.created', { to: tp(`stage.${entry.to}`) })
              }
              data-testid="history-entry"
            >
              {/* A user's name without spaces wraps within the card. */}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t(entry.byCustomer ? 'history.byCustomerAt' : 'history.byAt', {
                  by: entry.by || t('history.unknownUser'),
                  date: formatDate(entry.at, lang),
                  time: time.format(new Date(entry.at)),
                })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
