import { canManageTeam, isInstallerRole, type Role } from '@solar/shared';

/**
 * What the settings page holds for the role, as its subtitle says it: the team only for those who
 * manage it (the team section is theirs alone), the company for every installer role, and only the
 * personal details for platform and city users. A key of the `profile` namespace.
 */
export function profileSubtitleKey(role: Role): 'subtitle' | 'subtitleMember' | 'subtitlePersonal' {
  if (canManageTeam(role)) return 'subtitle';
  return isInstallerRole(role) ? 'subtitleMember' : 'subtitlePersonal';
}
