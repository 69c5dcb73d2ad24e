import { canManageTeam, isInstallerRole, type Role } from '@solar/shared';

/**
 * What the settings page holds for the role, as its subtitle says it: the team only for those who
 * manage it (the team section is theirs alone), the company for every installer role, and only the
 * personal details for platform and city users.
 */
export function profileSubtitleKey(
  role: Role,
): 'profile.subtitle' | 'profile.subtitleMember' | 'profile.subtitlePersonal' {
  if (canManageTeam(role)) return 'profile.subtitle';
  return isInstallerRole(role) ? 'profile.subtitleMember' : 'profile.subtitlePersonal';
}
