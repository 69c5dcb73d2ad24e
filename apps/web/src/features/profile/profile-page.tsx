import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canManageTeam, isInstallerRole } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';
import { PlanSection } from '../plans/plan-section';
import { TemplatesLink } from '../templates/templates-link';
import { CompanyDetailsForm } from './company-details-form';
import { InviteForm } from './invite-form';
import { PersonalDetailsForm } from './personal-details-form';
import { TeamSection } from './team-section';

/** /profile: personal details, company details, and the team for a company admin. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, installerDetails } = useCurrentUser();
  useDocumentTitle(`${t('profile.title')} · ${t('app.name')}`);
  const companyId = installerDetails?._id ?? user.installerPartner[0]?._id ?? null;
  const isAdmin = canManageTeam(user.role);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={2}>{t('profile.title')}</Title>
        {/* Platform and city users have only their personal details here. */}
        <Text c="dimmed">
          {t(isInstallerRole(user.role) ? 'profile.subtitle' : 'profile.subtitlePersonal')}
        </Text>
      </div>
      <PersonalDetailsForm />
      <TemplatesLink />
      {installerDetails ? (
        <CompanyDetailsForm key={installerDetails._id} company={installerDetails} editable={isAdmin} />
      ) : (
        isInstallerRole(user.role) && (
          <Paper p="lg">
            <Text c="dimmed">{t('profile.company.none')}</Text>
          </Paper>
        )
      )}
      <PlanSection />
      {isAdmin && companyId && (
        <>
          <TeamSection companyId={companyId} />
          <InviteForm companyId={companyId} />
        </>
      )}
    </Stack>
  );
}
