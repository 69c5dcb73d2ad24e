import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  EmptyState,
  FileButton,
  Group,
  MultiSelect,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatCount,
  formatNumber,
  QUOTE_TASK_STATUSES,
  type Quote,
  type QuoteFilters,
  type QuoteTaskStatus,
  SOLAR_COVERAGES,
  VERIFICATIONS,
} from '@solar/shared';
import { IconCheck, IconFilterOff, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import {
  planningKeys,
  usePlanningFilterData,
  usePlanningQuotes,
  useTaskStatusCounts,
  useUpdateQuote,
} from '../../api/planning';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useIsPhone } from '../../lib/use-is-phone';

const PAGE_SIZE = 20;
type Verification = (typeof VERIFICATIONS)[number];
type Coverage = (typeof SOLAR_COVERAGES)[number];

const TASK_STATUS_COLORS: Record<QuoteTaskStatus, string> = {
  TO_BE_PLANNED: 'gray',
  PRIORITY_PLANNING: 'orange',
  URGENT_PLANNING: 'red',
  APPROVAL_PENDING: 'yellow',
  REWORK_PENDING: 'grape',
  VERIFIED: 'teal',
  APPROVAL_PENDING_AFTER_REWORK: 'yellow',
  DUPLICATE: 'dark',
  BLACK_LIST: 'dark',
};
const VERIFICATION_COLORS: Record<Verification, string> = {
  verified: 'teal',
  pending: 'yellow',
  not_verified: 'red',
};

/**
 * Badges in the table wrap their text onto a second line rather than cutting it with an ellipsis: the
 * columns stay narrow enough for the table to fit a desktop screen without scrolling sideways.
 */
const WRAPPING_BADGE = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25, paddingBlock: 2 },
} as const;

/** A short badge stays on one line, and at its full width (a hidden overflow would let the column squeeze it). */
const WHOLE_BADGE = { label: { overflow: 'visible' } } as const;

/**
 * A native select shows one line: it is as wide as its longest option (not squeezed by the column), so
 * the chosen status is always read in full.
 */
const FULL_WIDTH_SELECT = { input: { minWidth: 'max-content' } } as const;

function Availability({ available, label }: { available: boolean; label: string }) {
  const { t } = useTranslation('planning');
  return (
    <Group gap={4} wrap="nowrap">
      {available ? (
        <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconX size={16} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
      <Text size="sm" c={available ? undefined : 'dimmed'}>
        {label}
      </Text>
      <VisuallyHidden>{available ? t('quotes.available') : t('quotes.notAvailable')}</VisuallyHidden>
    </Group>
  );
}

/** ADMIN uploads the planning file (OBJ model or PV Sol project) that installers then download. */
function PlanningFileUpload({ quote, kind }: { quote: Quote; kind: 'obj' | 'pvsol' }) {
  const { t } = useTranslation('planning');
  const { t: tApp } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('quoteId', quote._id);
      form.append('kind', kind);
      form.append('file', file);
      return api.post('/planning-files', form);
    },
    onSuccess: () => {
      notifySuccess(t('quotes.uploaded'));
      void queryClient.invalidateQueries({ queryKey: planningKeys.all });
    },
    onError: (error) => notifyError(error, tApp),
  });
  return (
    <FileButton onChange={(file) => file && upload.mutate(file)} accept={kind === 'obj' ? '.obj' : '.pvsol'}>
      {(props) => (
        <Tooltip label={t('quotes.upload', { kind: kind === 'obj' ? 'OBJ' : 'PV Sol' })}>
          <ActionIcon
            {...props}
            size="sm"
            variant="subtle"
            loading={upload.isPending}
            aria-label={t('quotes.uploadFor', {
              kind: kind === 'obj' ? 'OBJ' : 'PV Sol',
              shortId: quote.shortId,
            })}
            data-testid={`upload-${kind}-${quote.shortId}`}
          >
            <IconUpload size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

function TableSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-live="polite" data-testid="quotes-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={34} aria-hidden />
      ))}
    </Stack>
  );
}

type QuotePatch = { taskStatus?: QuoteTaskStatus; verification?: Verification; solarCoverage?: Coverage };

/** The planning fields of one quote (ADMIN), saved as they are picked. */
function useQuoteChange(quote: Quote) {
  const { t } = useTranslation('planning');
  const { t: tApp } = useTranslation();
  const update = useUpdateQuote();
  const change = (patch: QuotePatch) =>
    update.mutate(
      { id: quote._id, ...patch },
      {
        onSuccess: () => notifySuccess(t('quotes.saved', { shortId: quote.shortId })),
        onError: (error) => notifyError(error, tApp),
      },
    );
  return { change, isPending: update.isPending };
}

interface QuoteFieldsProps {
  quote: Quote;
  editable: boolean;
  change: (patch: QuotePatch) => void;
  isPending: boolean;
  /** On a phone's card: each select the card's width, under its visible label. */
  isCard?: boolean;
}

/** A select of the card takes the card's width; in the table it is as wide as its longest option. */
function selectLayout(isCard: boolean | undefined, label: string) {
  return isCard ? { label, w: '100%' } : { styles: FULL_WIDTH_SELECT };
}

function TaskStatusField({ quote, editable, change, isPending, isCard }: QuoteFieldsProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  if (!editable)
    return (
      <Badge
        color={TASK_STATUS_COLORS[quote.taskStatus]}
        variant="light"
        styles={WRAPPING_BADGE}
        data-testid="task-status"
      >
        {tp(`taskStatus.${quote.taskStatus}`)}
      </Badge>
    );
  return (
    <NativeSelect
      size="xs"
      {...selectLayout(isCard, t('columns.taskStatus'))}
      value={quote.taskStatus}
      disabled={isPending}
      aria-label={t('quotes.taskStatusOf', { shortId: quote.shortId })}
      data={QUOTE_TASK_STATUSES.map((s) => ({ value: s, label: tp(`taskStatus.${s}`) }))}
      onChange={(event) => change({ taskStatus: event.currentTarget.value as QuoteTaskStatus })}
      data-testid="task-status-select"
    />
  );
}

function VerificationField({ quote, editable, change, isPending, isCard }: QuoteFieldsProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  if (!editable)
    return (
      <Badge color={VERIFICATION_COLORS[quote.verification]} variant="dot" styles={WHOLE_BADGE}>
        {tp(`verification.${quote.verification}`)}
      </Badge>
    );
  return (
    <NativeSelect
      size="xs"
      {...selectLayout(isCard, t('columns.verification'))}
      value={quote.verification}
      disabled={isPending}
      aria-label={t('quotes.verificationOf', { shortId: quote.shortId })}
      data={VERIFICATIONS.map((v) => ({ value: v, label: tp(`verification.${v}`) }))}
      onChange={(event) => change({ verification: event.currentTarget.value as Verification })}
      data-testid="verification-select"
    />
  );
}

function CoverageField({ quote, editable, change, isPending, isCard }: QuoteFieldsProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  if (!editable) return <Text size="sm">{tp(`coverage.${quote.solarCoverage}`)}</Text>;
  return (
    <NativeSelect
      size="xs"
      {...selectLayout(isCard, t('columns.coverage'))}
      value={quote.solarCoverage}
      disabled={isPending}
      aria-label={t('quotes.coverageOf', { shortId: quote.shortId })}
      data={SOLAR_COVERAGES.map((c) => ({ value: c, label: tp(`coverage.${c}`) }))}
      onChange={(event) => change({ solarCoverage: event.currentTarget.value as Coverage })}
      data-testid="coverage-select"
    />
  );
}

function QuoteFlags({ quote, isCard }: { quote: Quote; isCard?: boolean }) {
  const { t: tp } = useTranslation('pipeline');
  if (isCard && quote.flagOfQuote.length === 0 && !quote.isDuplicate && !quote.isBlacklisted) return null;
  return (
    <Group gap={4} wrap="wrap">
      {quote.flagOfQuote.length === 0 && (
        <Text size="sm" c="dimmed">
          –
        </Text>
      )}
      {quote.flagOfQuote.map((flag) => (
        <Badge key={flag} size="sm" variant="outline" color="green" styles={WRAPPING_BADGE}>
          {flag}
        </Badge>
      ))}
      {quote.isDuplicate && (
        <Badge size="sm" color="dark" styles={WRAPPING_BADGE}>
          {tp('taskStatus.DUPLICATE')}
        </Badge>
      )}
      {quote.isBlacklisted && (
        <Badge size="sm" color="dark" styles={WRAPPING_BADGE}>
          {tp('taskStatus.BLACK_LIST')}
        </Badge>
      )}
    </Group>
  );
}

function QuoteFiles({ quote, editable }: { quote: Quote; editable: boolean }) {
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Availability available={quote.hasObj} label="OBJ" />
        {editable && <PlanningFileUpload quote={quote} kind="obj" />}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Availability available={quote.hasPvsol} label="PV Sol" />
        {editable && <PlanningFileUpload quote={quote} kind="pvsol" />}
      </Group>
    </>
  );
}

/** One quote row: read-only badges, or inline selects for ADMIN. */
function QuoteRow({ quote, editable }: { quote: Quote; editable: boolean }) {
  const fields = { quote, editable, ...useQuoteChange(quote) };
  return (
    <Table.Tr data-testid="quote-row" data-short-id={quote.shortId} data-city={quote.city}>
      <Table.Td>
        <Text size="xs" ff="monospace">
          {quote.shortId}
        </Text>
      </Table.Td>
      <Table.Td style={{ minWidth: 120 }}>{quote.address}</Table.Td>
      <Table.Td>{quote.city}</Table.Td>
      <Table.Td>
        <TaskStatusField {...fields} />
      </Table.Td>
      <Table.Td>
        <VerificationField {...fields} />
      </Table.Td>
      <Table.Td>
        <CoverageField {...fields} />
      </Table.Td>
      <Table.Td>
        <QuoteFlags quote={quote} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <QuoteFiles quote={quote} editable={editable} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** A read-only field of a phone's card: its name, and the value beside it. */
function CardValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: 'end' }}>{children}</div>
    </Group>
  );
}

/**
 * One quote on a phone (under 787 px): the table's columns were off to the right there, inside the
 * card's scrolling table. Here the ID and place on top, then the planning fields one under the other
 * across the card's width (selects for ADMIN, values to read otherwise), the flags and the files.
 * The same test ids as a row.
 */
function QuoteCard({ quote, editable }: { quote: Quote; editable: boolean }) {
  const { t } = useTranslation('planning');
  const fields = { quote, editable, isCard: true, ...useQuoteChange(quote) };
  return (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      data-testid="quote-row"
      data-short-id={quote.shortId}
      data-city={quote.city}
    >
      <Stack gap="xs">
        <div>
          <Text size="sm" ff="monospace">
            {quote.shortId}
          </Text>
          {/* A street name without spaces (as a household may type it) wraps rather than widening the page. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {quote.address}
          </Text>
        </div>
        {editable ? (
          <>
            <TaskStatusField {...fields} />
            <VerificationField {...fields} />
            <CoverageField {...fields} />
          </>
        ) : (
          <>
            <CardValue label={t('columns.taskStatus')}>
              <TaskStatusField {...fields} />
            </CardValue>
            <CardValue label={t('columns.verification')}>
              <VerificationField {...fields} />
            </CardValue>
            <CardValue label={t('columns.coverage')}>
              <CoverageField {...fields} />
            </CardValue>
          </>
        )}
        <QuoteFlags quote={quote} isCard />
        <Group gap="md" wrap="wrap">
          <QuoteFiles quote={quote} editable={editable} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The quotes of the planning-data view: counts per task status, filters, table and pages. */
export function QuotesPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const [taskStatus, setTaskStatus] = useState<QuoteTaskStatus[]>([]);
  const [verification, setVerification] = useState<Verification[]>([]);
  const [city, setCity] = useState<string[]>([]);

  const baseFilters = useMemo(
    () => ({
      ...(verification.length ? { verification } : {}),
      ...(city.length ? { city } : {}),
    }),
    [verification, city],
  );
  const filters: QuoteFilters = useMemo(
    () => ({ ...baseFilters, ...(taskStatus.length ? { taskStatus } : {}) }),
    [baseFilters, taskStatus],
  );
  const quotes = usePlanningQuotes(page, PAGE_SIZE, filters);
  const counts = useTaskStatusCounts(baseFilters);
  const filterData = usePlanningFilterData();
  const hasFilters = taskStatus.length + verification.length + city.length > 0;

  const resetFilters = () => {
    setTaskStatus([]);
    setVerification([]);
    setCity([]);
    setPage(1);
  };

  const total = quotes.data?.maxMin[0]?.count ?? quotes.data?.pagination.total ?? 0;
  const totalCapped = quotes.data?.maxMin[0]?.isCapped ?? false;
  const totalPages = quotes.data?.pagination.totalPages ?? 0;

  let body: ReactNode;
  if (quotes.isPending) {
    body = <TableSkeleton />;
  } else if (quotes.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('quotes.loadFailed')}
        data-testid="quotes-error"
      >
        <Stack gap="sm" align="flex-start">
          {errorMessage(quotes.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void quotes.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (quotes.data.docs.length === 0) {
    body = (
      <EmptyState
        icon={<IconFilterOff size={28} />}
        variant="light"
        title={t('quotes.empty')}
        description={hasFilters ? t('quotes.emptyFiltered') : t('quotes.emptyHint')}
        data-testid="quotes-empty"
      >
        {hasFilters && (
          <Button variant="light" onClick={resetFilters} mt="sm">
            {t('filters.reset')}
          </Button>
        )}
      </EmptyState>
    );
  } else if (isPhone) {
    body = (
      <Stack
        gap="sm"
        role="list"
        aria-label={t('tabs.quotes')}
        data-testid="planning-table"
        style={{ opacity: quotes.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={quotes.isFetching}
      >
        {quotes.data.docs.map((quote) => (
          <QuoteCard key={quote._id} quote={quote} editable={editable} />
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={960}
        type="native"
        pos="relative"
        tabIndex={0}
        role="region"
        aria-label={t('tabs.quotes')}
      >
        <Table
          verticalSpacing="xs"
          horizontalSpacing={8}
          highlightOnHover
          striped
          data-testid="planning-table"
          style={{ opacity: quotes.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={quotes.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.shortId')}</Table.Th>
              <Table.Th>{t('columns.address')}</Table.Th>
              <Table.Th>{t('columns.city')}</Table.Th>
              <Table.Th>{t('columns.taskStatus')}</Table.Th>
              <Table.Th>{t('columns.verification')}</Table.Th>
              <Table.Th>{t('columns.coverage')}</Table.Th>
              <Table.Th>{t('columns.flags')}</Table.Th>
              <Table.Th>{t('columns.files')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quotes.data.docs.map((quote) => (
              <QuoteRow key={quote._id} quote={quote} editable={editable} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Paper p="md">
        <Stack gap="sm">
          <Text fw={600} size="sm" id="status-counts-label">
            {t('counts.title')}
          </Text>
          <Chip.Group
            multiple
            value={taskStatus}
            onChange={(value) => {
              setTaskStatus(value as QuoteTaskStatus[]);
              setPage(1);
            }}
          >
            <Group gap="xs" role="group" aria-labelledby="status-counts-label" data-testid="status-counts">
              {QUOTE_TASK_STATUSES.map((status) => {
                const answer = counts.counts[status];
                const count = answer?.total;
                return (
                  <Chip
                    key={status}
                    value={status}
                    size="sm"
                    variant="outline"
                    color={TASK_STATUS_COLORS[status]}
                    maw="100%"
                    styles={{
                      label: { whiteSpace: 'normal', height: 'auto', minHeight: 'var(--chip-size)' },
                    }}
                    data-testid={`status-count-${status}`}
                    data-count={count ?? ''}
                  >
                    {tp(`taskStatus.${status}`)}
                    {' · '}
                    {answer === undefined ? '…' : formatCount(answer.total, answer.isCapped, lang)}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
          {counts.isError && (
            <Group gap="xs">
              <Text size="xs" c="red">
                {t('counts.loadFailed')}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={counts.refetch}>
                {tApp('common.retry')}
              </Button>
            </Group>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <MultiSelect
              label={t('filters.verification')}
              placeholder={verification.length ? undefined : t('filters.all')}
              data={VERIFICATIONS.map((v) => ({ value: v, label: tp(`verification.${v}`) }))}
              value={verification}
              onChange={(value) => {
                setVerification(value as Verification[]);
                setPage(1);
              }}
              clearable
              w={{ base: '100%', sm: 260 }}
              data-testid="filter-verification"
            />
            <MultiSelect
              label={t('filters.city')}
              placeholder={city.length ? undefined : t('filters.all')}
              data={(filterData.data?.cities ?? []).map((c) => ({
                value: c.city,
                label: `${c.city} (${formatNumber(c.count, lang)})`,
              }))}
              value={city}
              onChange={(value) => {
                setCity(value);
                setPage(1);
              }}
              searchable
              clearable
              nothingFoundMessage={t('filters.noCity')}
              error={filterData.isError ? t('filters.cityLoadFailed') : undefined}
              w={{ base: '100%', sm: 300 }}
              data-testid="filter-city"
            />
            {hasFilters && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} aria-hidden />}
                onClick={resetFilters}
              >
                {t('filters.reset')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      <Paper p="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="quotes-total">
              {quotes.isSuccess
                ? t('quotes.total', { count: total, n: formatCount(total, totalCapped, lang) })
                : '\u00a0'}
            </Text>
            {!editable && (
              <Badge variant="light" color="gray">
                {tApp('common.readOnly')}
              </Badge>
            )}
          </Group>
          {body}
          {totalPages > 1 && (
            <Group justify="center">
              <Pagination
                total={totalPages}
                value={page}
                onChange={setPage}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': t(`pagination.${control}`),
                })}
                getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
                data-testid="quotes-pagination"
              />
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
