import { Alert, Button, Stack, Text } from '@mantine/core';
import type { InstallerPartner } from '@solar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The company card of the settings, where the company's phone and e-mail are entered. */
const COMPANY_SETTINGS = '/profile#company';

/** The company's contact details an offer names to the customer that are not stored. */
export function missingForOffers(
  company: Pick<InstallerPartner, 'phone' | 'email'> | null | undefined,
): ('phone' | 'email')[] {
  if (!company) return [];
  return (['phone', 'email'] as const).filter((key) => company[key].trim() === '');
}

/**
 * A note in the send dialog that the company has no phone or no e-mail stored: the offer e-mail and
 * PDF name both to the customer ({{installerPhone}}, {{installerEmail}}) and would read "reach us at
 * or .". Sending is not held up. `canEdit`: the user may change the company (its admin) and gets the
 * way to the company card; the others are told who can.
 */
export function CompanyContactNotice({
  company,
  canEdit,
}: {
  company: Pick<InstallerPartner, 'phone' | 'email'> | null | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation('offers');
  const { t: tProfile } = useTranslation('profile');
  const missing = missingForOffers(company);
  if (missing.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('companyContact.title', {
        fields: missing.map((key) => tProfile(`company.${key}`)).join(', '),
      })}
      // Told politely, not as an error (Mantine's Alert is role="alert").
      role="status"
      data-testid="offer-company-missing"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(canEdit ? 'companyContact.sendText' : 'companyContact.textAsk')}</Text>
        {canEdit && (
          <Button
            component={Link}
            to={COMPANY_SETTINGS}
            size="xs"
            variant="light"
            data-testid="offer-company-settings"
          >
            {t('companyContact.openSettings')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
