import {
  Alert,
  Button,
  EmptyState,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import type { ChangeRequest, ChangeRequestStatus } from '@solar/shared';
import { IconArchive, IconChecks } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChangeRequests, useReopenChangeRequest, useResolveChangeRequest } from '../../api/planning';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { notifyWithUndo } from '../../lib/undo-toast';
import { ChangeRequestsTable } from './change-requests-table';
import { ResolveChangeRequestModal } from './resolve-change-request-modal';

/**
 * ADMIN: the installers' change requests, open or resolved. Resolving asks first and can be undone
 * from the toast; a resolved request shows who resolved it and when, and can be opened again.
 */
export function ChangeRequestsPanel() {
  const { t } = useTranslation('planning');
  const { t: tApp } = useTranslation();
  // Kept in the address (?requests=resolved), so a reload or a shared link shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const status: ChangeRequestStatus = searchParams.get('requests') === 'resolved' ? 'resolved' : 'open';
  const setStatus = (value: ChangeRequestStatus) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'resolved') next.set('requests', 'resolved');
        else next.delete('requests');
        return next;
      },
      { replace: true },
    );
  const requests = useChangeRequests(status);
  const resolve = useResolveChangeRequest();
  const reopen = useReopenChangeRequest();
  const [asking, setAsking] = useState<ChangeRequest | null>(null);
  // The row whose call runs shows it; the others wait.
  const busyId = resolve.isPending ? resolve.variables : reopen.isPending ? reopen.variables : null;

  const onReopen = (request: ChangeRequest) => {
    reopen.mutate(request._id, {
      onSuccess: (message) => notifySuccess(message),
      onError: (error) => notifyError(error, tApp),
    });
  };

  const onConfirmResolve = (request: ChangeRequest) => {
    resolve.mutate(request._id, {
      onSuccess: (message) =>
        notifyWithUndo(message, tApp('common.undo'), () =>
          reopen.mutate(request._id, {
            onSuccess: (reopened) => notifySuccess(reopened),
            onError: (error) => notifyError(error, tApp),
          }),
        ),
      onError: (error) => notifyError(error, tApp),
      onSettled: () => setAsking(null),
    });
  };

  let body: ReactNode;
  if (requests.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-live="polite">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} aria-hidden />
        ))}
      </Stack>
    );
  } else if (requests.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('requests.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {errorMessage(requests.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void requests.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (requests.data.length === 0) {
    const isOpen = status === 'open';
    body = (
      <EmptyState
        icon={isOpen ? <IconChecks size={28} /> : <IconArchive size={28} />}
        variant="light"
        title={isOpen ? t('requests.empty') : t('requests.emptyResolved')}
        description={isOpen ? t('requests.emptyHint') : t('requests.emptyResolvedHint')}
        data-testid="change-requests-empty"
      />
    );
  } else {
    body = (
      <ChangeRequestsTable
        status={status}
        requests={requests.data}
        busyId={busyId}
        onResolve={setAsking}
        onReopen={onReopen}
      />
    );
  }

  return (
    <Paper p="md">
      <Stack gap="md">
        <SegmentedControl
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('requests.show')}
          value={status}
          onChange={(value) => setStatus(value as ChangeRequestStatus)}
          data={[
            { value: 'open', label: t('requests.open') },
            { value: 'resolved', label: t('requests.resolved') },
          ]}
          data-testid="change-request-status"
        />
        {body}
      </Stack>
      <ResolveChangeRequestModal
        request={asking}
        isPending={resolve.isPending}
        onConfirm={onConfirmResolve}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  );
}
