import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMPANY_LIST_LIMITS, type CompanyListItem, formatDate, formatNumber } from '@solar/shared';
import {
  IconBuildingFactory2,
  IconMapPin,
  IconMapPinOff,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/admin';
import { currentLanguage } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { useIsPhone } from '../../lib/use-is-phone';
import { CreateCompanyModal } from './create-company-modal';

const PAGE_SIZE = 10;
/** A badge keeps its whole label: a narrow table column cut 'Noch kein Standort' to 'Noch kein Stan…'. */
const FULL_LABEL = { minWidth: 'max-content' } as const;

function LocationBadge({ company }: { company: CompanyListItem }) {
  const { t } = useTranslation('dashboard');
  const set = company.hasLocation;
  const Icon = set ? IconMapPin : IconMapPinOff;
  return (
    <Badge
      color={set ? 'teal' : 'orange'}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      style={FULL_LABEL}
      data-testid="company-location"
      data-value={set ? 'set' : 'missing'}
    >
      {t(set ? 'companies.locationSet' : 'companies.locationMissing')}
    </Badge>
  );
}

/** The first company admin's address, and whether the invitation is still open. */
function AdminCell({ company }: { company: CompanyListItem }) {
  const { t } = useTranslation('dashboard');
  if (!company.adminEmail)
    return (
      <Text size="sm" c="dimmed">
        {t('companies.noAdmin')}
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="company-admin">
        {company.adminEmail}
      </Text>
      {!company.adminActive && (
        <Badge color="gray" variant="outline" size="sm" data-testid="company-pending">
          {t('companies.pending')}
        </Badge>
      )}
    </Group>
  );
}

function usersText(count: number, t: TFunction<'dashboard'>) {
  return t('companies.users', { count, n: formatNumber(count, currentLanguage()) });
}

function CompaniesTable({ docs, busy }: { docs: CompanyListItem[]; busy: boolean }) {
  const { t } = useTranslation('dashboard');
  const lang = currentLanguage();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-labelledby="companies-title"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
        data-testid="companies-list"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('companies.columns.name')}</Table.Th>
            <Table.Th>{t('companies.columns.city')}</Table.Th>
            <Table.Th>{t('companies.columns.admin')}</Table.Th>
            <Table.Th ta="end">{t('companies.columns.users')}</Table.Th>
            <Table.Th>{t('companies.columns.location')}</Table.Th>
            <Table.Th>{t('companies.columns.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((company) => (
            <Table.Tr
              key={company._id}
              data-testid={`company-${company._id}`}
              data-name={company.companyName}
            >
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {company.companyName}
                </Text>
              </Table.Td>
              <Table.Td>
                {company.city ? (
                  <Text size="sm">{company.city}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('companies.noCity')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={320}>
                <AdminCell company={company} />
              </Table.Td>
              <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm" aria-label={usersText(company.userCount, t)} data-testid="company-users">
                  {formatNumber(company.userCount, lang)}
                </Text>
              </Table.Td>
              <Table.Td>
                <LocationBadge company={company} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(company.createdAt, lang)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per company, every column in view. */
function CompanyCards({ docs, busy }: { docs: CompanyListItem[]; busy: boolean }) {
  const { t } = useTranslation('dashboard');
  const lang = currentLanguage();
  return (
    <Stack
      gap="sm"
      role="list"
      aria-labelledby="companies-title"
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1 }}
      data-testid="companies-list"
    >
      {docs.map((company) => (
        <Paper
          key={company._id}
          withBorder
          p="sm"
          role="listitem"
          data-testid={`company-${company._id}`}
          data-name={company.companyName}
        >
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {company.companyName}
            </Text>
            <Text size="sm" c="dimmed">
              {[
                company.city || t('companies.noCity'),
                t('companies.createdOn', { date: formatDate(company.createdAt, lang) }),
              ].join(' · ')}
            </Text>
            <AdminCell company={company} />
            <Group gap="xs" justify="space-between">
              <Text size="sm" data-testid="company-users">
                {usersText(company.userCount, t)}
              </Text>
              <LocationBadge company={company} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function ListSkeleton() {
  const { t: tApp } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="companies-loading">
      <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} radius="md" />
        ))}
      </Stack>
    </div>
  );
}

/**
 * The ADMIN's installer companies on the dashboard: a page at a time, newest first, searched by name,
 * with how far each has set up (city, location of the service area, users, whether its admin accepted
 * the invitation), and "Create company", which onboards a new one with its first admin.
 */
export function CompaniesSection() {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  // A search typed ahead of its answer shows the rows of the one before, dimmed.
  const companies = useCompanies({ q: debounced, page, limit: PAGE_SIZE });
  const busy = companies.isPlaceholderData;

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  let body: ReactNode;
  if (companies.isPending) {
    body = <ListSkeleton />;
  } else if (companies.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('companies.loadFailed')}
        data-testid="companies-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(companies.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void companies.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (companies.data.docs.length === 0) {
    body = debounced ? (
      <EmptyState
        icon={<IconSearch size={28} />}
        variant="light"
        title={t('companies.noMatch', { q: debounced })}
        description={t('companies.noMatchHint')}
        data-testid="companies-empty"
      >
        <Button variant="light" onClick={() => onSearch('')} mt="sm">
          {t('companies.clearSearch')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={<IconBuildingFactory2 size={28} />}
        variant="light"
        title={t('companies.empty')}
        description={t('companies.emptyHint')}
        data-testid="companies-empty"
      />
    );
  } else {
    const docs = companies.data.docs;
    body = isPhone ? <CompanyCards docs={docs} busy={busy} /> : <CompaniesTable docs={docs} busy={busy} />;
  }

  const total = companies.data?.pagination.total;
  const totalPages = companies.data?.pagination.totalPages ?? 0;

  return (
    <Paper
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="companies-title"
      data-testid="companies-section"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="companies-title">
              {t('companies.title')}
            </Title>
            {total !== undefined && (
              <Text size="sm" c="dimmed" data-testid="companies-count">
                {debounced
                  ? t('companies.matches', { count: total, n: formatNumber(total, currentLanguage()) })
                  : t('companies.count', { count: total, n: formatNumber(total, currentLanguage()) })}
              </Text>
            )}
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="companies-create"
          >
            {t('companies.create')}
          </Button>
        </Group>
        <TextInput
          label={t('companies.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('companies.clearSearch')}
                onClick={() => onSearch('')}
              >
                <IconX size={14} />
              </ActionIcon>
            )
          }
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          maxLength={COMPANY_LIST_LIMITS.q}
          maw={{ base: '100%', sm: 360 }}
          data-testid="companies-search"
        />
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
              getControlProps={(control) => ({ 'aria-label': t(`companies.pagination.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('companies.pagination.page', { page: item }) })}
              data-testid="companies-pagination"
            />
          </Group>
        )}
      </Stack>
      <CreateCompanyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          // The newest company leads the first page of the whole list.
          setSearch('');
          setPage(1);
        }}
      />
    </Paper>
  );
}
