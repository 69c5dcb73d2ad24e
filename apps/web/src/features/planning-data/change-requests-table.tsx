import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ChangeRequest, type ChangeRequestStatus, formatDate } from '@solar/shared';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useIsPhone } from '../../lib/use-is-phone';

interface ChangeRequestsTableProps {
  /** Which list this is: open requests get 'Mark as resolved', resolved ones 'Reopen' and who resolved them. */
  status: ChangeRequestStatus;
  requests: ChangeRequest[];
  /** The request whose call runs (its button spins, the others wait), or null. */
  busyId: string | null | undefined;
  onResolve: (request: ChangeRequest) => void;
  onReopen: (request: ChangeRequest) => void;
}

/** The button of one request: 'Mark as resolved' on an open one, 'Reopen' on a resolved one. */
function RequestAction({
  request,
  isResolved,
  busyId,
  onResolve,
  onReopen,
  fullWidth,
}: {
  request: ChangeRequest;
  isResolved: boolean;
  busyId: string | null | undefined;
  onResolve: (request: ChangeRequest) => void;
  onReopen: (request: ChangeRequest) => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('planning');
  const isBusy = busyId !== null && busyId !== undefined;
  // A resolved request is opened again; an open one is marked resolved.
  const action = isResolved
    ? {
        variant: 'default',
        Icon: IconArrowBackUp,
        label: t('requests.reopen'),
        name: t('requests.reopenOf', { shortId: request.shortId }),
        run: onReopen,
      }
    : {
        variant: 'light',
        Icon: IconCheck,
        label: t('requests.resolve'),
        name: t('requests.resolveOf', { shortId: request.shortId }),
        run: onResolve,
      };
  return (
    <Button
      size="xs"
      variant={action.variant}
      fullWidth={fullWidth}
      leftSection={<action.Icon size={14} aria-hidden />}
      loading={busyId === request._id}
      disabled={isBusy && busyId !== request._id}
      onClick={() => action.run(request)}
      aria-label={action.name}
      data-testid={isResolved ? 'reopen-button' : 'resolve-button'}
    >
      {action.label}
    </Button>
  );
}

/** Who resolved a request and when. */
function ResolvedBy({ request }: { request: ChangeRequest }) {
  const { t } = useTranslation('planning');
  const lang = currentLanguage();
  return (
    <>
      <Text size="sm">{request.resolvedAt ? formatDate(request.resolvedAt, lang) : '–'}</Text>
      <Text size="xs" c="dimmed">
        {request.resolvedByName
          ? t('requests.resolvedBy', { name: request.resolvedByName })
          : t('requests.resolvedByUnknown')}
      </Text>
    </>
  );
}

/**
 * The change requests of one status (ADMIN, /data): a table from 787 px; on a phone one card per
 * request with its reason, comment and button in view (the table's columns were off-screen there).
 */
export function ChangeRequestsTable(props: ChangeRequestsTableProps) {
  const isPhone = useIsPhone();
  return isPhone ? <ChangeRequestCards {...props} /> : <WideTable {...props} />;
}

function ChangeRequestCards({ status, requests, busyId, onResolve, onReopen }: ChangeRequestsTableProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const lang = currentLanguage();
  const isResolved = status === 'resolved';
  return (
    <Stack
      gap="sm"
      role="list"
      aria-label={isResolved ? t('requests.resolvedList') : t('requests.openList')}
      data-testid="change-requests-table"
      data-status={status}
    >
      {requests.map((request) => (
        <Paper
          key={request._id}
          withBorder
          p="sm"
          role="listitem"
          data-testid="change-request-row"
          data-short-id={request.shortId}
          data-id={request._id}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" ff="monospace">
                {request.shortId}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(request.createdAt, lang)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {request.address} · {request.companyName}
            </Text>
            <Text size="sm" fw={600}>
              {tp(`reason.${request.reason}`)}
            </Text>
            {request.comment && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {request.comment}
              </Text>
            )}
            {isResolved && (
              <div data-testid="resolved-by">
                <ResolvedBy request={request} />
              </div>
            )}
            <RequestAction
              request={request}
              isResolved={isResolved}
              busyId={busyId}
              onResolve={onResolve}
              onReopen={onReopen}
              fullWidth
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function WideTable({ status, requests, busyId, onResolve, onReopen }: ChangeRequestsTableProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const lang = currentLanguage();
  const isResolved = status === 'resolved';

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
                  <ResolvedBy request={request} />
                </Table.Td>
              )}
              <Table.Td ta="right">
                <RequestAction
                  request={request}
                  isResolved={isResolved}
                  busyId={busyId}
                  onResolve={onResolve}
                  onReopen={onReopen}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
