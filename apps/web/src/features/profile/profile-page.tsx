import { Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { canManageTeam, isInstallerRole } from '@solar/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../layout/page-title';
import { useCurrentUser } from '../auth/session';
import { hasNotifications } from '../notifications/lib/notification-text';
import { PlanSection } from '../plans/plan-section';
import { TemplatesLink } from '../templates/templates-link';
import { CompanyDetailsForm } from './company-details-form';
import { InviteForm } from './invite-form';
import { NotificationSettings } from './notification-settings';
import { PersonalDetailsForm } from './personal-details-form';
import { profileSubtitleKey } from './profile-subtitle';
import { TeamSection } from './team-section';

/** /profile: personal details, notifications, company details, and the team for a company admin. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const { user, installerDetails } = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  const companyId = installerDetails?._id ?? user.installerPartner[0]?._id ?? null;
  const isAdmin = canManageTeam(user.role);
  const { hash } = useLocation();
  // A link to one card (`/profile#notification-settings`, from the notifications panel) scrolls to it.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed">{t(profileSubtitleKey(user.role))}</Text>
      </div>
      <PersonalDetailsForm />
      {hasNotifications(user) && <NotificationSettings />}
      <TemplatesLink />
      {installerDetails ? (
        <CompanyDetailsForm key={installerDetails._id} company={installerDetails} editable={isAdmin} />
      ) : (
        isInstallerRole(user.role) && (
          <Paper p="lg">
            <Text c="dimmed">{t('company.none')}</Text>
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
