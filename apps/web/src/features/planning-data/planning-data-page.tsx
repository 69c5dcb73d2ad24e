import { Badge, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDatabase, IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOpenChangeRequests } from '../../api/planning';
import { PageTitle } from '../../layout/page-title';
import { useCurrentUser } from '../auth/session';
import { ChangeRequestsPanel } from './change-requests-panel';
import { QuotesPanel } from './quotes-panel';

/**
 * /data (ADMIN and CITY_ADMIN): the planning data of the quotes. ADMIN edits task status, verification and
 * coverage inline and resolves change requests; CITY_ADMIN sees its city's quotes read-only.
 */
export function PlanningDataPage() {
  const { t } = useTranslation('planning');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const isAdmin = user.role === 'ADMIN';
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = isAdmin && searchParams.get('tab') === 'requests' ? 'requests' : 'quotes';
  const requests = useOpenChangeRequests(isAdmin);
  const openRequests = requests.data?.length ?? 0;
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);

  return (
    <Stack gap="lg" maw={1600} data-testid="planning-page">
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed">
          {isAdmin ? t('subtitleAdmin') : t('subtitleCity', { city: user.installerCity || '–' })}
        </Text>
      </div>
      {isAdmin ? (
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'requests') next.set('tab', 'requests');
                else {
                  next.delete('tab');
                  next.delete('requests');
                }
                return next;
              },
              { replace: true },
            )
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab
              value="quotes"
              leftSection={<IconDatabase size={16} aria-hidden />}
              data-testid="tab-quotes"
            >
              {t('tabs.quotes')}
            </Tabs.Tab>
            <Tabs.Tab
              value="requests"
              leftSection={<IconMessageReport size={16} aria-hidden />}
              rightSection={
                openRequests > 0 ? (
                  <Badge size="sm" variant="filled" color="red" circle aria-hidden>
                    {openRequests}
                  </Badge>
                ) : undefined
              }
              // The count in words: the bare number would be read as part of the label.
              aria-label={
                openRequests > 0
                  ? t('tabs.requestsCount', { label: t('tabs.requests'), count: openRequests })
                  : undefined
              }
              data-testid="tab-requests"
            >
              {t('tabs.requests')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="quotes">
            <QuotesPanel editable />
          </Tabs.Panel>
          <Tabs.Panel value="requests">
            <ChangeRequestsPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <QuotesPanel editable={false} />
      )}
    </Stack>
  );
}
