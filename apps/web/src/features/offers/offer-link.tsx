import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Language } from '@solar/shared';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The placeholder as the API's renderer finds it: spaces inside the braces are allowed. */
const OFFER_LINK = /\{\{\s*offerLink\s*\}\}/;

/** Whether an e-mail body carries the customer's link to accept or decline the offer online. */
export const hasOfferLink = (body: string) => OFFER_LINK.test(body);

/**
 * The line that gives a body the link, in the template's language (not the user's): the built-in
 * templates' own sentence (apps/api/src/modules/templates/templates.defaults.ts).
 */
export const OFFER_LINK_LINE: Record<Language, string> = {
  de: 'Unter diesem Link können Sie das Angebot online ansehen, annehmen oder ablehnen: {{offerLink}}',
  en: 'You can view, accept or decline the offer online at this link: {{offerLink}}',
  es: 'En este enlace puede ver, aceptar o rechazar la oferta en línea: {{offerLink}}',
};

/** The body with the link's line added at its end, after an empty line. */
export function withOfferLink(body: string, language: Language): string {
  const text = body.replace(/\s+$/, '');
  return `${text}${text ? '\n\n' : ''}${OFFER_LINK_LINE[language]}`;
}

/**
 * A quiet note that an e-mail body has no `{{offerLink}}`, so the customer gets no link to accept or
 * decline online; sending is not held up. The button adds the line (`addLabel` says where to).
 */
export function OfferLinkNotice({
  addLabel,
  onAdd,
  busy = false,
}: {
  addLabel?: string;
  /** Left out where the text cannot be changed: the note alone. */
  onAdd?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('offers');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLink size={18} aria-hidden />}
      // Told politely, not as an error (Mantine's Alert is role="alert").
      role="status"
      data-testid="offer-link-missing"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('offerLink.missing', { placeholder: '{{offerLink}}' })}</Text>
        {onAdd && (
          <Button
            size="xs"
            variant="light"
            onClick={onAdd}
            aria-busy={busy || undefined}
            data-testid="offer-link-add"
          >
            {addLabel ?? t('offerLink.add')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
