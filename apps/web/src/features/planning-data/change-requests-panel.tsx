import {
  Alert,
  Button,
  EmptyState,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { type ChangeRequest, formatDate } from '@solar/shared';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenChangeRequests, useResolveChangeRequest } from '../../api/planning';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';

/** ADMIN: the open change requests of installers, each with a 'Resolve' button. */
export function ChangeRequestsPanel() {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const requests = useOpenChangeRequests(true);
  const resolve = useResolveChangeRequest();
  const [resolving, setResolving] = useState<string | null>(null);

  const onResolve = (request: ChangeRequest) => {
    setResolving(request._id);
    resolve.mutate(request._id, {
      onSuccess: (message) => notifySuccess(message),
      onError: (error) => notifyError(error, tApp),
      onSettled: () => setResolving(null),
    });
  };

  if (requests.isPending) {
    return (
      <Paper p="md">
        <Stack gap="xs" role="status" aria-live="polite">
          <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={40} aria-hidden />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (requests.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('requests.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {errorMessage(requests.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void requests.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (requests.data.length === 0) {
    return (
      <Paper p="xl">
        <EmptyState
          icon={<IconChecks size={28} />}
          variant="light"
          title={t('requests.empty')}
          description={t('requests.emptyHint')}
          data-testid="change-requests-empty"
        />
      </Paper>
    );
  }

  return (
    <Paper p="md">
      <Table.ScrollContainer
        minWidth={860}
        type="native"
        pos="relative"
        tabIndex={0}
        role="region"
        aria-label={t('tabs.requests')}
      >
        <Table verticalSpacing="sm" highlightOnHover data-testid="change-requests-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('requests.date')}</Table.Th>
              <Table.Th>{t('requests.quote')}</Table.Th>
              <Table.Th>{t('requests.company')}</Table.Th>
              <Table.Th>{t('requests.reason')}</Table.Th>
              <Table.Th>{t('requests.comment')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('requests.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.data.map((request) => (
              <Table.Tr key={request._id} data-testid="change-request-row" data-short-id={request.shortId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(request.createdAt, lang)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {request.shortId}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {request.address}
                  </Text>
                </Table.Td>
                <Table.Td>{request.companyName}</Table.Td>
                <Table.Td>{tp(`reason.${request.reason}`)}</Table.Td>
                <Table.Td style={{ minWidth: 220 }}>
                  {request.comment || (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    color="teal"
                    leftSection={<IconChecks size={14} aria-hidden />}
                    loading={resolving === request._id}
                    disabled={resolving !== null && resolving !== request._id}
                    onClick={() => onResolve(request)}
                    aria-label={t('requests.resolveOf', { shortId: request.shortId })}
                    data-testid="resolve-button"
                  >
                    {t('requests.resolve')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
