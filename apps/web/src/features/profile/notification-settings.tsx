import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdatePersonalDetails } from '../../api/user';
import { notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { NOTIFICATION_SETTINGS_ID } from '../notifications/lib/notification-text';
import { SectionCard } from './section-card';

/**
 * Whether a new notification also comes by e-mail (docs/notifications.md), saved as soon as it is
 * switched. The endpoint is the personal details' one, which takes the whole details: the saved ones
 * go with it, not what the personal-details form holds unsaved.
 */
export function NotificationSettings() {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const update = useUpdatePersonalDetails();
  // While saving, the switch shows what is being saved.
  const checked = (update.isPending ? update.variables?.notifyByEmail : undefined) ?? user.notifyByEmail;

  const onChange = (notifyByEmail: boolean) =>
    update.mutate(
      {
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        address: user.address,
        notifyByEmail,
      },
      {
        onSuccess: () => notifySuccess(t(notifyByEmail ? 'notifications.on' : 'notifications.off')),
        onError: (error) => notifyError(error, tApp),
      },
    );

  return (
    // The panel's settings link leads here (`/profile#notification-settings`).
    <div id={NOTIFICATION_SETTINGS_ID} style={{ scrollMarginTop: 80 }}>
      <SectionCard
        id="notifications"
        title={t('notifications.title')}
        description={t('notifications.subtitle')}
      >
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          disabled={update.isPending}
          label={t('notifications.byEmail')}
          description={t('notifications.byEmailHint', { email: user.email })}
          // A long address without spaces wraps beside the switch instead of widening the page.
          styles={{ labelWrapper: { minWidth: 0 }, description: { overflowWrap: 'anywhere' } }}
          data-testid="notify-by-email"
        />
      </SectionCard>
    </div>
  );
}
