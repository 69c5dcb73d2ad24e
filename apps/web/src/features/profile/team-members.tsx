import {
  ActionIcon,
  Avatar,
  Badge,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { INSTALLER_ROLES, type InstallerRole, type TeamMember } from '@solar/shared';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/use-is-phone';

export function displayName(member: TeamMember): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

export function isInstallerRole(role: string): role is InstallerRole {
  return (INSTALLER_ROLES as readonly string[]).includes(role);
}

interface TeamMembersProps {
  members: TeamMember[];
  /** The signed-in user, who can neither change their own role nor remove themselves. */
  selfId: string;
  /** True while a role change is being saved: the selects wait. */
  isChangingRole: boolean;
  /** A role picked in a member's select, to be confirmed before it is sent. */
  onPickRole: (member: TeamMember, role: InstallerRole) => void;
  onRemove: (member: TeamMember) => void;
}

/**
 * The team members: a table from 787 px; on a phone one card per member with the name, e-mail,
 * role select (one's own role as text), status and remove button in view (the table's last columns were off-screen there).
 * Both carry the same test ids (`team-table`, `team-member-{email}`) and accessible names.
 */
export function TeamMembers(props: TeamMembersProps) {
  const isPhone = useIsPhone();
  return isPhone ? <TeamCards {...props} /> : <TeamTable {...props} />;
}

interface MemberPartProps extends Omit<TeamMembersProps, 'members' | 'selfId'> {
  member: TeamMember;
  isSelf: boolean;
}

interface MemberIdentityProps extends Pick<MemberPartProps, 'member' | 'isSelf'> {
  /** Under the e-mail (the status on a phone). */
  children?: ReactNode;
  /** Leaves out the e-mail line when the name shown is the e-mail already (a phone's narrow card). */
  isCompact?: boolean;
}

function MemberIdentity({ member, isSelf, children, isCompact }: MemberIdentityProps) {
  const { t } = useTranslation('profile');
  const name = displayName(member);
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Avatar name={name} color="initials" radius="xl" size={36} alt="" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
          {isSelf && (
            <Badge component="span" ml={8} size="xs" variant="outline">
              {t('team.you')}
            </Badge>
          )}
        </Text>
        {!(isCompact && name === member.email) && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        )}
        {children}
      </div>
    </Group>
  );
}

function RoleControl({
  member,
  isSelf,
  isChangingRole,
  onPickRole,
  isFull,
}: MemberPartProps & { isFull?: boolean }) {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  if (!isInstallerRole(member.role)) return <Badge variant="light">{tApp(`roles.${member.role}`)}</Badge>;
  // One's own role is not changed here: read as text, with the reason, rather than a faint select.
  if (isSelf)
    return (
      <div data-testid="own-role">
        <Text size="sm" fw={500}>
          {tApp(`roles.${member.role}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('team.ownRoleHint')}
        </Text>
      </div>
    );
  return (
    <NativeSelect
      size="xs"
      w={isFull ? '100%' : 240}
      data={INSTALLER_ROLES.map((role) => ({ value: role, label: tApp(`roles.${role}`) }))}
      value={member.role}
      disabled={isChangingRole}
      aria-label={t('team.roleOf', { name: displayName(member) })}
      onChange={(event) => {
        const role = event.currentTarget.value;
        if (isInstallerRole(role) && role !== member.role) onPickRole(member, role);
      }}
    />
  );
}

function StatusBadge({ member, mt }: { member: TeamMember; mt?: number }) {
  const { t } = useTranslation('profile');
  return (
    <Badge variant="dot" mt={mt} color={member.isActive ? 'teal' : 'yellow'}>
      {member.isActive ? t('team.active') : t('team.pending')}
    </Badge>
  );
}

function RemoveButton({ member, isSelf, onRemove }: MemberPartProps) {
  const { t } = useTranslation('profile');
  if (isSelf) return null;
  return (
    <Tooltip label={t('team.remove')} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onRemove(member)}
        aria-label={t('team.removeOf', { name: displayName(member) })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function TeamTable({ members, selfId, ...actions }: TeamMembersProps) {
  const { t } = useTranslation('profile');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="team-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('team.member')}</Table.Th>
            <Table.Th>{t('team.role')}</Table.Th>
            <Table.Th>{t('team.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('team.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const part = { ...actions, member, isSelf: member._id === selfId };
            return (
              <Table.Tr key={member._id} data-testid={`team-member-${member.email}`}>
                <Table.Td>
                  <MemberIdentity {...part} />
                </Table.Td>
                <Table.Td>
                  <RoleControl {...part} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge member={member} />
                </Table.Td>
                <Table.Td ta="right">
                  <RemoveButton {...part} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TeamCards({ members, selfId, ...actions }: TeamMembersProps) {
  const { t } = useTranslation('profile');
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('team.title')}
      data-testid="team-table"
    >
      {members.map((member) => {
        const part = { ...actions, member, isSelf: member._id === selfId };
        return (
          <Paper
            key={member._id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            data-testid={`team-member-${member.email}`}
          >
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <MemberIdentity {...part} isCompact>
                  <StatusBadge member={member} mt={6} />
                </MemberIdentity>
                <RemoveButton {...part} />
              </Group>
              {/* The whole width, so the longest role name ("Administrador de la empresa") is not cut. */}
              <RoleControl {...part} isFull />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
