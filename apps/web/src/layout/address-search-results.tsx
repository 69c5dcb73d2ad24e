import { Button, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { CONSTANTS, formatNumber, isInstallerRole, type Quote, type SavedProject } from '@solar/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/client';
import { useCurrentUser } from '../features/auth/session';
import { currentLanguage } from '../i18n';
import classes from './header.module.css';

interface Hit {
  id: string;
  address: string;
  detail: string;
  href: string;
}

/**
 * Results of the header address search (SPEC §5): page 1, limit 500, over the company's projects
 * (installers) or the visible quotes (platform roles). A newer search cancels the older request:
 * TanStack Query aborts the signal of a query nobody observes any more.
 */
export function AddressSearchResults({ text, onPick }: { text: string; onPick: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const installer = isInstallerRole(user.role);
  const query = useQuery({
    queryKey: ['address-search', installer, text],
    enabled: text.trim().length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<{ hits: Hit[]; total: number }> => {
      const page = { page: 1, limit: CONSTANTS.addressSearchLimit };
      if (installer) {
        const res = await api.post<{ data: { docs: SavedProject[]; pagination: { total: number } } }>(
          '/saved-project/installer/search',
          { search: text },
          { query: page, signal },
        );
        return {
          total: res.data.pagination.total,
          hits: res.data.docs.map((p) => ({
            id: p._id,
            address: p.address,
            detail: `${p.customer.firstName} ${p.customer.lastName} · ${p.shortId}`,
            href: `/projectview?projectId=${p._id}`,
          })),
        };
      }
      const res = await api.put<{ data: { docs: Quote[]; pagination: { total: number } } }>(
        '/quote/installer/search',
        { search: text },
        { query: page, signal },
      );
      return {
        total: res.data.pagination.total,
        hits: res.data.docs.map((q) => ({
          id: q._id,
          address: q.address,
          detail: q.shortId,
          // The picked quote's own address narrows the listing to it (its search matches address text),
          // not the typed text, which would list every match again.
          href: `/listing?search=${encodeURIComponent(q.address)}`,
        })),
      };
    },
  });

  if (!text.trim()) return null;
  return (
    <Paper
      className={classes.results}
      shadow="md"
      withBorder
      role="region"
      aria-label={t('header.searchResults')}
    >
      {query.isPending ? (
        <Text size="sm" c="dimmed" p="sm">
          <Loader size="xs" mr="xs" />
          {t('header.searching')}
        </Text>
      ) : query.isError ? (
        <Group gap="xs" p="sm" justify="space-between" wrap="nowrap" data-testid="address-search-error">
          <Text size="sm" c="red.8" role="alert">
            {t('header.searchFailed')}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Group>
      ) : query.data && query.data.hits.length > 0 ? (
        <Stack gap={0} data-testid="address-search-results">
          {query.data.hits.slice(0, 8).map((hit) => (
            <UnstyledButton
              key={hit.id}
              component={Link}
              to={hit.href}
              onClick={onPick}
              className={classes.result}
            >
              <Text size="sm" fw={600} truncate>
                {hit.address}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {hit.detail}
              </Text>
            </UnstyledButton>
          ))}
          {query.data.total > 8 && (
            <UnstyledButton
              component={Link}
              to={`/listing?search=${encodeURIComponent(text)}`}
              onClick={onPick}
              className={classes.result}
            >
              <Text size="sm" c="orange.8">
                {t('header.showAll', {
                  count: query.data.total,
                  n: formatNumber(query.data.total, currentLanguage()),
                })}
              </Text>
            </UnstyledButton>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" p="sm">
          {t('header.noResults')}
        </Text>
      )}
    </Paper>
  );
}
