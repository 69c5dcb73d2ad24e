import { Anchor, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import {
  CONSTANTS,
  isInstallerRole,
  PREMIUM_BASE_UNITS,
  STAGE_TRANSITIONS,
  STAGES,
  type Stage,
  TEMPLATE_PLACEHOLDERS,
  UNIT_COST,
} from '@solar/shared';
import { IconRoute } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetOnboarding } from '../../api/user';
import { PageTitle } from '../../layout/page-title';
import { notifyError } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { STAGE_COLORS } from '../listing/projects-table';

const SECTIONS = ['stages', 'quota', 'templates', 'board', 'notifications'] as const;
type Section = (typeof SECTIONS)[number];

/** The board's keys on the help page, in this order (their names are the reader's keyboard's). */
const BOARD_KEYS = [
  'move',
  'edit',
  'cancel',
  'tab',
  'range',
  'select',
  'open',
  'clipboard',
  'clear',
  'fillDown',
  'moveRow',
  'menu',
  'undo',
  'kanban',
] as const;

/** One part of the page: a card with a heading the table of contents links to. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={`help-${id}`} padding="lg">
      <Title order={2} id={`help-${id}`} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A two-column table: something to type or press (monospace) and what it does. */
function CodeTable(props: {
  head: [string, string];
  rows: { key: string; code: string; text: string }[];
  testId?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{props.head[0]}</Table.Th>
            <Table.Th>{props.head[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {row.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.text}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A stage's badge, in its colour and wrapping where its name is long. */
function StageBadge({ stage }: { stage: Stage }) {
  const { t } = useTranslation('pipeline');
  return (
    <Badge
      variant="light"
      color={STAGE_COLORS[stage]}
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(`stage.${stage}`)}
    </Badge>
  );
}

/** The stages a stage can move to, named in the user's language, or that it is the last. */
function useNextStages() {
  const { t } = useTranslation('help');
  const { t: tPipeline } = useTranslation('pipeline');
  return (stage: Stage) =>
    STAGE_TRANSITIONS[stage].length
      ? STAGE_TRANSITIONS[stage].map((to) => tPipeline(`stage.${to}`)).join(', ')
      : t('stages.none');
}

/** What a stage means, given to the stage table and list. */
type StageMeaning = (stage: Stage) => string;

/**
 * What each stage means, told to its reader: an installer reads what they do ('you sent an offer');
 * ADMIN and CITY_ADMIN, who watch the stages only, read what the installer company does.
 */
function useStageMeaning(installer: boolean): StageMeaning {
  const { t } = useTranslation('help');
  return (stage) => (installer ? t(`stages.${stage}`) : t(`stages.platform.${stage}`));
}

/** The stages as a table: the stage, what it means, where it can go. */
function StageTable({ meaning }: { meaning: StageMeaning }) {
  const { t } = useTranslation('help');
  const nextOf = useNextStages();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stages.stage')}</Table.Th>
          <Table.Th>{t('stages.meaning')}</Table.Th>
          <Table.Th>{t('stages.next')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {STAGES.map((stage) => (
          <Table.Tr key={stage} data-testid={`help-stage-${stage}`}>
            <Table.Td>
              <StageBadge stage={stage} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{meaning(stage)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{nextOf(stage)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The stages on a phone: one block a stage, its meaning and its next stages under its badge. */
function StageList({ meaning }: { meaning: StageMeaning }) {
  const { t } = useTranslation('help');
  const nextOf = useNextStages();
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {STAGES.map((stage) => (
        <Stack component="li" key={stage} gap={4} data-testid={`help-stage-${stage}`}>
          <div>
            <StageBadge stage={stage} />
          </div>
          <Text size="sm">{meaning(stage)}</Text>
          <Text size="sm" c="gray.7">
            {t('stages.next')}: {nextOf(stage)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The help page (issue 9): the stages and their moves, the download quota and the template
 * placeholders, each read from the rules the server applies (packages/shared), so it cannot drift;
 * then the board's keys and the notifications.
 */
export function HelpPage() {
  const { t } = useTranslation('help');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const setOnboarding = useSetOnboarding();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  // A phone has no room for three columns of sentences: the stages are stacked there instead.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  // ADMIN and CITY_ADMIN have no plan, templates, board or notifications: those sections described
  // screens they cannot open, so they read the stages (the map's colours) and a word on the rest.
  const installer = isInstallerRole(user.role);
  const sections: readonly Section[] = installer ? SECTIONS : ['stages'];
  const meaning = useStageMeaning(installer);

  return (
    <Stack gap="lg" maw={960} data-testid="help-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageTitle>{t('title')}</PageTitle>
          <Text c="gray.7" maw={640}>
            {installer ? t('intro') : t('introPlatform')}
          </Text>
        </div>
        {isInstallerRole(user.role) && (
          <Button
            variant="light"
            leftSection={<IconRoute size={16} aria-hidden />}
            loading={setOnboarding.isPending}
            onClick={() => setOnboarding.mutate(false, { onError: (error) => notifyError(error, tApp) })}
          >
            {t('tourAgain')}
          </Button>
        )}
      </Group>

      <nav aria-label={t('toc')}>
        <Group gap="md">
          {sections.map((s) => (
            <Anchor key={s} href={`#help-${s}`} size="sm">
              {t(`${s}.title`)}
            </Anchor>
          ))}
        </Group>
      </nav>

      <Section id="stages" title={t('stages.title')}>
        <Text size="sm" mb="sm">
          {installer ? t('stages.intro') : t('stages.platform.intro')}
        </Text>
        {phone ? (
          <StageList meaning={meaning} />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <StageTable meaning={meaning} />
          </Table.ScrollContainer>
        )}
      </Section>

      {installer && (
        <>
          <Section id="quota" title={t('quota.title')}>
            <Text size="sm" mb="sm">
              {t('quota.intro')}
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>{t('quota.free', { count: CONSTANTS.freeDownloadCount })}</List.Item>
              <List.Item>
                {t('quota.premium', {
                  units: PREMIUM_BASE_UNITS,
                  obj: UNIT_COST.obj,
                  pvsol: UNIT_COST.pvsol,
                })}
              </List.Item>
              <List.Item>{t('quota.enterprise')}</List.Item>
            </List>
            <Text size="sm" mt="sm">
              {t('quota.month')}
            </Text>
          </Section>

          <Section id="templates" title={t('templates.title')}>
            <Text size="sm">{t('templates.intro')}</Text>
            <List size="sm" spacing={4} my="sm">
              <List.Item>{t('templates.email', { example: '{{customerName}}' })}</List.Item>
              <List.Item>{t('templates.word', { example: '{customerName}' })}</List.Item>
            </List>
            <CodeTable
              head={[t('templates.placeholder'), t('templates.value')]}
              rows={TEMPLATE_PLACEHOLDERS.map((name) => ({
                key: name,
                code: name,
                text: t(`templates.${name}`),
              }))}
            />
          </Section>

          <Section id="board" title={t('board.title')}>
            <Text size="sm">{t('board.text')}</Text>
            <Title order={3} size="h6" mt="md" mb={4}>
              {t('board.keysTitle')}
            </Title>
            <CodeTable
              testId="help-board-keys"
              head={[t('board.keysColumn'), t('board.actionColumn')]}
              rows={BOARD_KEYS.map((id) => ({
                key: id,
                code: t(`board.keys.${id}.keys`),
                text: t(`board.keys.${id}.action`),
              }))}
            />
          </Section>

          <Section id="notifications" title={t('notifications.title')}>
            <Text size="sm">{t('notifications.text')}</Text>
          </Section>
        </>
      )}
    </Stack>
  );
}
