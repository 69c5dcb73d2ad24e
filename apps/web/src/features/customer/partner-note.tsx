import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './customer-request.module.css';
import type { PartnerLink } from './partner-link';

/**
 * The most lines the note naming a company takes. A display name may be 200 characters (the shared
 * `CompanyUpdateRequest`), many more than fit a phone's width: the note stops after this many lines with
 * an ellipsis, and the page reserves this many from its first render (request-intro.tsx).
 */
export const NAMED_NOTE_LINES = 2;

/**
 * Under the request page's subtitle: who gets the request of a partner link. The company by name once
 * the look-up finds it (a long name cut off after two lines; the whole sentence stays in the text for
 * screen readers and in the tooltip); without a name when the look-up failed; a quiet hint that the
 * request goes to the installers nearby when no company has the link. Nothing while the link is looked
 * up, or without one.
 */
export function PartnerNote({ link }: { link: PartnerLink }) {
  const { t } = useTranslation('customer');
  if (link.status === 'found') {
    const text = t('partnerNoteNamed', { name: link.name });
    return (
      <Text
        size="sm"
        lineClamp={NAMED_NOTE_LINES}
        title={text}
        className={classes.partnerNamed}
        data-testid="request-partner-note"
      >
        {text}
      </Text>
    );
  }
  if (link.status === 'unresolved')
    return (
      <Text size="sm" data-testid="request-partner-note">
        {t('partnerNote')}
      </Text>
    );
  if (link.status === 'unknown')
    return (
      <Text size="sm" c="dimmed" data-testid="request-partner-unknown">
        {t('partnerNotFound')}
      </Text>
    );
  return null;
}
