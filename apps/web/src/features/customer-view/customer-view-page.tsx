import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatEuro, formatKwh, formatKwp, formatNumber, INSTALLER_ROLES, MONTHS } from '@solar/shared';
import { IconAlertCircle, IconEye, IconFileTypePdf, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useCurrentUserQuery } from '../../api/user';
import { currentLanguage } from '../../i18n';
import { LanguageSwitch } from '../../layout/language-switch';
import { useToken } from '../auth/use-token';
import { OfferDecision } from './offer-decision';

export interface CustomerView {
  /**
   * The caller is logged in as a user of the company that owns the project (the installer opened
   * their customer's page), or as ADMIN or CITY_ADMIN, who are never the customer: the page is shown,
   * but accepting and declining are the customer's.
   */
  preview: boolean;
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  customerName: string;
  address: string;
  /** The company's stage of the project: only an offer at OFFER_PROVIDED can be declined. */
  stage: string;
  components: { type: string; name: string; quantity: number }[];
  offer: {
    _id: string;
    version: number;
    moduleQuantity: number;
    productionCapacity: number;
    finalPrice: number;
    yearlyProduction: number;
    monthlySolarData: Record<string, number>;
    pdfUrl: string | null;
  } | null;
  acceptance: { fullName: string; acceptedAt: string; offerVersion: number } | null;
  decline: { reason: string | null; declinedAt: string; offerVersion: number } | null;
}

/**
 * What the customer sees through the signed link the installer sends: the newest offer, its
 * production by month, the PDF, and the online acceptance (typed name and consent) or decline
 * (asked first, with an optional reason).
 */
export function CustomerViewPage() {
  const { t } = useTranslation('customerView');
  const lang = currentLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle(t('title'));
  // A login in this browser is sent along (the API answers `preview` for the owning company's users,
  // ADMIN and CITY_ADMIN).
  // Asking who is logged in first renews an expired access token, so an installer whose token ran out
  // is not taken for the customer; nobody logged in, nothing to wait for.
  const session = useToken();
  const me = useCurrentUserQuery(session !== null);
  const view = useQuery({
    queryKey: ['customer-view', token],
    enabled: token.length > 0 && (session === null || me.isFetched),
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: CustomerView }>('/customer-view', {
          query: { token },
          signal,
          skipRefresh: true,
        })
      ).data,
  });
  const header = (
    <Group justify="space-between" mb="lg">
      {/* The company's name, the customer's and the address are typed by people: one long word wraps. */}
      <Group gap="xs" wrap="nowrap">
        <IconSun color="var(--mantine-color-orange-6)" aria-hidden />
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {view.data?.companyName ?? ''}
        </Text>
      </Group>
      <LanguageSwitch />
    </Group>
  );

  if (!token || view.isError) {
    return (
      <Container size="sm" py="xl">
        {header}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} data-testid="customer-view-invalid">
          {t('invalid')}
        </Alert>
      </Container>
    );
  }
  if (view.isPending) {
    return (
      <Container size="sm" py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      </Container>
    );
  }
  const data = view.data;
  const offer = data.offer;
  // A platform user's preview (ADMIN, CITY_ADMIN) speaks of the customer, not of "your customer".
  const role = me.data?.user.role;
  const platformPreview =
    data.preview && role !== undefined && !(INSTALLER_ROLES as readonly string[]).includes(role);
  const max = offer ? Math.max(1, ...MONTHS.map((m) => offer.monthlySolarData[m] ?? 0)) : 1;
  // Read in UTC: a midnight-UTC date is the previous month's last day west of Greenwich, which named
  // January 'Dec' for a customer in the Americas.
  const monthLabel = (i: number, style: 'long' | 'short' = 'short') =>
    new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : lang === 'es' ? 'es-ES' : 'en-GB', {
      month: style,
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2026, i, 1)));

  return (
    <Container size="md" py="xl" data-testid="customer-view">
      {header}
      <Stack gap="lg">
        {data.preview && (
          <Alert
            color="blue"
            icon={<IconEye aria-hidden />}
            title={t('previewTitle')}
            data-testid="customer-view-preview"
          >
            {t(platformPreview ? 'previewTextPlatform' : 'previewText')}
          </Alert>
        )}
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('for', { name: data.customerName, address: data.address })}
          </Text>
        </div>
        {!offer ? (
          <Alert color="blue">{t('noOffer')}</Alert>
        ) : (
          <>
            <Paper withBorder p="lg" radius="md">
              <Text size="sm" c="dimmed" mb="sm">
                {t('version', { version: offer.version })}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <Stat label={t('price')} value={formatEuro(offer.finalPrice, lang, 2)} testId="offer-price" />
                <Stat
                  label={t('capacity')}
                  value={formatKwp(offer.productionCapacity, lang)}
                  testId="offer-capacity"
                />
                <Stat label={t('modules')} value={formatNumber(offer.moduleQuantity, lang)} />
                <Stat label={t('yearly')} value={formatKwh(offer.yearlyProduction, lang)} />
              </SimpleGrid>
              {offer.pdfUrl && (
                <Button
                  component="a"
                  href={offer.pdfUrl}
                  target="_blank"
                  rel="noopener"
                  mt="md"
                  variant="light"
                  leftSection={<IconFileTypePdf size={18} aria-hidden />}
                >
                  {t('pdf')}
                </Button>
              )}
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Title order={3} size="h4" mb="md">
                {t('monthly')}
              </Title>
              <div
                // Narrower gaps on a phone leave each month's label room under its bar.
                style={{ display: 'flex', alignItems: 'flex-end', gap: 'min(6px, 0.5vw)', height: 160 }}
                aria-hidden
                data-testid="customer-chart"
              >
                {MONTHS.map((m, i) => (
                  // Every month as wide as the others, whatever the length of its label.
                  <div key={m} style={{ flex: '1 1 0', minWidth: 0, textAlign: 'center' }}>
                    <div
                      style={{
                        height: `${Math.round(((offer.monthlySolarData[m] ?? 0) / max) * 130)}px`,
                        background: 'var(--mantine-color-orange-5)',
                        borderRadius: 4,
                      }}
                    />
                    {/* Three letters, as in the installer's chart: "sept" and "may" ran into their
                        neighbours on a phone (the table below names the months in full). */}
                    <Text size="10px" c="dimmed" data-testid="customer-chart-label">
                      {monthLabel(i).slice(0, 3)}
                    </Text>
                  </div>
                ))}
              </div>
              <Table mt="md" striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('month')}</Table.Th>
                    <Table.Th ta="right">{t('kwh')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {MONTHS.map((m, i) => (
                    <Table.Tr key={m}>
                      <Table.Td>{monthLabel(i, 'long')}</Table.Td>
                      <Table.Td ta="right">{formatNumber(offer.monthlySolarData[m] ?? 0, lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            {data.components.length > 0 && (
              <Paper withBorder p="lg" radius="md">
                <Title order={3} size="h4" mb="sm">
                  {t('components')}
                </Title>
                <Stack gap={4}>
                  {data.components.map((c) => (
                    <Text key={`${c.type}-${c.name}`} style={{ overflowWrap: 'anywhere' }}>
                      {formatNumber(c.quantity, lang)} × {c.name}
                    </Text>
                  ))}
                </Stack>
              </Paper>
            )}
            <OfferDecision
              token={token}
              data={data}
              offer={offer}
              onStale={() => void view.refetch()}
              platformPreview={platformPreview}
            />
          </>
        )}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="customer-view-contact">
          {t('contact', { company: data.companyName })}
          {data.companyPhone && (
            <>
              {' · '}
              {/* A phone number never breaks at its spaces ('+49 89' / '1234560'). */}
              <Anchor
                href={`tel:${data.companyPhone.replace(/[^\d+]/g, '')}`}
                style={{ whiteSpace: 'nowrap' }}
              >
                {data.companyPhone}
              </Anchor>
            </>
          )}
          {data.companyEmail && (
            <>
              {' · '}
              <Anchor href={`mailto:${data.companyEmail}`}>{data.companyEmail}</Anchor>
            </>
          )}
        </Text>
      </Stack>
    </Container>
  );
}

/** A label over its value; the value keeps to the bottom, in line with its row's when a label wraps. */
function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} justify="space-between">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
