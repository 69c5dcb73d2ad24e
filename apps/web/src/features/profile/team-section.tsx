import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { formatNumber, type InstallerRole, type TeamMember } from '@solar/shared';
import { IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeRole, useRemoveAccess, useTeamQuery } from '../../api/installer';
import { currentLanguage } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { SectionCard } from './section-card';
import { displayName, TeamMembers } from './team-members';

function TeamSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="md" wrap="nowrap">
          <Skeleton circle height={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="60%" />
          </Stack>
          <Skeleton height={32} width={160} />
        </Group>
      ))}
    </Stack>
  );
}

/** The company team (INSTALLER_ADMIN): change a member's role, remove access after confirming. */
export function TeamSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const team = useTeamQuery(true);
  const changeRole = useChangeRole(companyId);
  const removeAccess = useRemoveAccess(companyId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // A role change waits for confirmation: until then the select keeps showing the member's current role.
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: InstallerRole } | null>(null);
  const count = team.data?.length ?? 0;

  const onConfirmRole = () => {
    if (!roleChange) return;
    changeRole.mutate(
      { userId: roleChange.member._id, role: roleChange.role },
      {
        onSuccess: () => {
          notifySuccess(t('team.roleChanged'));
          setRoleChange(null);
        },
        onError: (error) => notifyError(error, tApp),
      },
    );
  };
  const closeRoleChange = () => {
    if (!changeRole.isPending) setRoleChange(null);
  };
  const roleChangeName = roleChange ? displayName(roleChange.member) : '';
  const grantsAdmin = roleChange?.role === 'INSTALLER_ADMIN';
  const revokesAdmin = roleChange?.member.role === 'INSTALLER_ADMIN' && !grantsAdmin;

  const onConfirmRemove = () => {
    if (!removing) return;
    removeAccess.mutate(removing._id, {
      onSuccess: () => {
        notifySuccess(t('team.removed'));
        setRemoving(null);
      },
      onError: (error) => notifyError(error, tApp),
    });
  };

  let body: ReactNode;
  if (team.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <TeamSkeleton />
      </div>
    );
  } else if (team.isError) {
    body = (
      <Alert color="red" variant="light" title={t('team.loadFailed')} role="alert">
        <Button size="xs" variant="light" color="red" onClick={() => void team.refetch()}>
          {tApp('common.retry')}
        </Button>
      </Alert>
    );
  } else if (count === 0) {
    body = (
      <EmptyState
        icon={<IconUsers size={28} />}
        variant="light"
        title={t('team.empty')}
        description={t('team.emptyHint')}
      />
    );
  } else {
    body = (
      <TeamMembers
        members={team.data}
        selfId={user._id}
        isChangingRole={changeRole.isPending}
        onPickRole={(member, role) => setRoleChange({ member, role })}
        onRemove={setRemoving}
      />
    );
  }

  return (
    <SectionCard
      id="team"
      title={t('team.title')}
      description={t('team.subtitle')}
      aside={
        team.isSuccess && (
          <Badge variant="light" color="gray" size="lg" data-testid="team-count">
            {t('team.count', { count, n: formatNumber(count, currentLanguage()) })}
          </Badge>
        )
      }
    >
      {body}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('team.confirmTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack gap="lg">
          <Text>{t('team.confirmText', { name: removing ? displayName(removing) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={onConfirmRemove}
              loading={removeAccess.isPending}
              data-testid="confirm-remove"
            >
              {t('team.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={roleChange !== null}
        onClose={closeRoleChange}
        title={t('team.confirmRoleTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Text>
              {t('team.confirmRoleText', {
                name: roleChangeName,
                role: roleChange ? tApp(`roles.${roleChange.role}`) : '',
              })}
            </Text>
            {(grantsAdmin || revokesAdmin) && (
              <Alert color="yellow" variant="light" data-testid="role-admin-hint">
                {grantsAdmin
                  ? t('team.adminGrantHint', { name: roleChangeName })
                  : t('team.adminRevokeHint', { name: roleChangeName })}
              </Alert>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeRoleChange} disabled={changeRole.isPending}>
              {tApp('common.cancel')}
            </Button>
            <Button onClick={onConfirmRole} loading={changeRole.isPending} data-testid="confirm-role">
              {t('team.confirmRole')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
