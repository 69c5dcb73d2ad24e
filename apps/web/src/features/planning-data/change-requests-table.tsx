import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ChangeRequest, type ChangeRequestStatus, formatDate } from '@solar/shared';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

interface ChangeRequestsTableProps {
  /** Which list this is: open requests get 'Mark as resolved', resolved ones 'Reopen' and who resolved them. */
  status: ChangeRequestStatus;
  requests: ChangeRequest[];
  /** The request whose call runs (its button spins, the others wait), or null. */
  busyId: string | null | undefined;
  onResolve: (request: ChangeRequest) => void;
  onReopen: (request: ChangeRequest) => void;
}

/** The change requests of one status as a table (ADMIN, /data). */
export function ChangeRequestsTable({
  status,
  requests,
  busyId,
  onResolve,
  onReopen,
}: ChangeRequestsTableProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const lang = currentLanguage();
  const isResolved = status === 'resolved';
  const isBusy = busyId !== null && busyId !== undefined;

  return (
    <Table.ScrollContainer
      minWidth={isResolved ? 1020 : 860}
      type="native"
      pos="relative"
      tabIndex={0}
      role="region"
      aria-label={isResolved ? t('requests.resolvedList') : t('requests.openList')}
    >
      <Table verticalSpacing="sm" highlightOnHover data-testid="change-requests-table" data-status={status}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.date')}</Table.Th>
            <Table.Th>{t('requests.quote')}</Table.Th>
            <Table.Th>{t('requests.company')}</Table.Th>
            <Table.Th>{t('requests.reason')}</Table.Th>
            <Table.Th>{t('requests.comment')}</Table.Th>
            {isResolved && <Table.Th>{t('requests.resolvedColumn')}</Table.Th>}
            <Table.Th>
              <VisuallyHidden>{t('requests.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr
              key={request._id}
              data-testid="change-request-row"
              data-short-id={request.shortId}
              data-id={request._id}
            >
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
              {isResolved && (
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="resolved-by">
                  <Text size="sm">{request.resolvedAt ? formatDate(request.resolvedAt, lang) : '–'}</Text>
                  <Text size="xs" c="dimmed">
                    {request.resolvedByName
                      ? t('requests.resolvedBy', { name: request.resolvedByName })
                      : t('requests.resolvedByUnknown')}
                  </Text>
                </Table.Td>
              )}
              <Table.Td ta="right">
                {isResolved ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconArrowBackUp size={14} aria-hidden />}
                    loading={busyId === request._id}
                    disabled={isBusy && busyId !== request._id}
                    onClick={() => onReopen(request)}
                    aria-label={t('requests.reopenOf', { shortId: request.shortId })}
                    data-testid="reopen-button"
                  >
                    {t('requests.reopen')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    loading={busyId === request._id}
                    disabled={isBusy && busyId !== request._id}
                    onClick={() => onResolve(request)}
                    aria-label={t('requests.resolveOf', { shortId: request.shortId })}
                    data-testid="resolve-button"
                  >
                    {t('requests.resolve')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
