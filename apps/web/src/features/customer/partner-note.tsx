import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './customer-request.module.css';
import type { PartnerLink } from './partner-link';

/**
 * Under the request page's title: who gets the request of a partner link. The company by name once the
 * look-up finds it; without a name when the look-up failed; a quiet hint that the request goes to the
 * installers nearby when no company has the link. From the first render its slot is as tall as the
 * longer of the texts it will most likely show (hidden copies hold the height), so nothing below moves
 * when the look-up answers.
 */
export function PartnerNote({ link }: { link: PartnerLink }) {
  const { t } = useTranslation('customer');
  if (link.status === 'none') return null;
  return (
    <div className={classes.partnerSlot}>
      <Text size="sm" className={classes.partnerSpacer} aria-hidden>
        {t('partnerNote')}
      </Text>
      <Text size="sm" className={classes.partnerSpacer} aria-hidden>
        {t('partnerNotFound')}
      </Text>
      {link.status === 'found' && (
        <Text size="sm" data-testid="request-partner-note">
          {t('partnerNoteNamed', { name: link.name })}
        </Text>
      )}
      {link.status === 'unresolved' && (
        <Text size="sm" data-testid="request-partner-note">
          {t('partnerNote')}
        </Text>
      )}
      {link.status === 'unknown' && (
        <Text size="sm" c="dimmed" data-testid="request-partner-unknown">
          {t('partnerNotFound')}
        </Text>
      )}
    </div>
  );
}
