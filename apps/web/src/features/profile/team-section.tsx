import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatNumber, INSTALLER_ROLES, type InstallerRole, type TeamMember } from '@solar/shared';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeRole, useRemoveAccess, useTeamQuery } from '../../api/installer';
import { currentLanguage } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { SectionCard } from './section-card';

function displayName(member: TeamMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

function isInstallerRole(role: string): role is InstallerRole {
  return (INSTALLER_ROLES as readonly string[]).includes(role);
}

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
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const team = useTeamQuery(true);
  const changeRole = useChangeRole(companyId);
  const removeAccess = useRemoveAccess(companyId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // A role change waits for confirmation: until then the select keeps showing the member's current role.
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: InstallerRole } | null>(null);
  const roleOptions = INSTALLER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const count = team.data?.length ?? 0;

  const onConfirmRole = () => {
    if (!roleChange) return;
    changeRole.mutate(
      { userId: roleChange.member._id, role: roleChange.role },
      {
        onSuccess: () => {
          notifySuccess(t('profile.team.roleChanged'));
          setRoleChange(null);
        },
        onError: (error) => notifyError(error, t),
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
        notifySuccess(t('profile.team.removed'));
        setRemoving(null);
      },
      onError: (error) => notifyError(error, t),
    });
  };

  let body: ReactNode;
  if (team.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
        <TeamSkeleton />
      </div>
    );
  } else if (team.isError) {
    body = (
      <Alert color="red" variant="light" title={t('profile.team.loadFailed')} role="alert">
        <Button size="xs" variant="light" color="red" onClick={() => void team.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (count === 0) {
    body = (
      <EmptyState
        icon={<IconUsers size={28} />}
        variant="light"
        title={t('profile.team.empty')}
        description={t('profile.team.emptyHint')}
      />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="team-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.team.member')}</Table.Th>
              <Table.Th>{t('profile.team.role')}</Table.Th>
              <Table.Th>{t('profile.team.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('profile.team.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.data.map((member) => {
              const name = displayName(member);
              const isSelf = member._id === user._id;
              return (
                <Table.Tr key={member._id} data-testid={`team-member-${member.email}`}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar name={name} color="initials" radius="xl" size={36} alt="" />
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm">
                          {name}
                          {isSelf && (
                            <Badge ml={8} size="xs" variant="outline">
                              {t('profile.team.you')}
                            </Badge>
                          )}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {member.email}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {isInstallerRole(member.role) ? (
                      <NativeSelect
                        size="xs"
                        w={240}
                        data={roleOptions}
                        value={member.role}
                        disabled={isSelf || changeRole.isPending}
                        aria-label={t('profile.team.roleOf', { name })}
                        onChange={(event) => {
                          const role = event.currentTarget.value;
                          if (isInstallerRole(role) && role !== member.role) setRoleChange({ member, role });
                        }}
                      />
                    ) : (
                      <Badge variant="light">{t(`roles.${member.role}`)}</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={member.isActive ? 'teal' : 'yellow'}>
                      {member.isActive ? t('profile.team.active') : t('profile.team.pending')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {!isSelf && (
                      <Tooltip label={t('profile.team.remove')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(member)}
                          aria-label={t('profile.team.removeOf', { name })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <SectionCard
      id="team"
      title={t('profile.team.title')}
      description={t('profile.team.subtitle')}
      aside={
        team.isSuccess && (
          <Badge variant="light" color="gray" size="lg" data-testid="team-count">
            {t('profile.team.count', { count, n: formatNumber(count, currentLanguage()) })}
          </Badge>
        )
      }
    >
      {body}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('profile.team.confirmTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text>{t('profile.team.confirmText', { name: removing ? displayName(removing) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={onConfirmRemove}
              loading={removeAccess.isPending}
              data-testid="confirm-remove"
            >
              {t('profile.team.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={roleChange !== null}
        onClose={closeRoleChange}
        title={t('profile.team.confirmRoleTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Text>
              {t('profile.team.confirmRoleText', {
                name: roleChangeName,
                role: roleChange ? t(`roles.${roleChange.role}`) : '',
              })}
            </Text>
            {(grantsAdmin || revokesAdmin) && (
              <Alert color="yellow" variant="light" data-testid="role-admin-hint">
                {grantsAdmin
                  ? t('profile.team.adminGrantHint', { name: roleChangeName })
                  : t('profile.team.adminRevokeHint', { name: roleChangeName })}
              </Alert>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeRoleChange} disabled={changeRole.isPending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onConfirmRole} loading={changeRole.isPending} data-testid="confirm-role">
              {t('profile.team.confirmRole')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
