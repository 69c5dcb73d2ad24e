import { Alert, Button, EmptyState } from '@mantine/core';
import { canManageTeam } from '@solar/shared';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';

/** The company card of the settings, where the address and the service radius are entered. */
const COMPANY_SETTINGS = '/profile#company';

/**
 * Whether the caller's company has a service area: the server lists the quotes within its radius
 * around the company's address (docs/pipeline.md, "Who sees what"), and without coordinates only the
 * quotes of its own projects. `canEdit`: the user may change the address (the company admin).
 */
export function useServiceArea(): { hasAddress: boolean; canEdit: boolean } {
  const { user, installerDetails } = useCurrentUser();
  const company = installerDetails ?? user.installerPartner[0] ?? null;
  return {
    hasAddress: Boolean(company && company.latitude !== null && company.longitude !== null),
    canEdit: canManageTeam(user.role),
  };
}

function SettingsLink() {
  const { t } = useTranslation('listing');
  return (
    <Button component={Link} to={COMPANY_SETTINGS} variant="light" size="xs" data-testid="nearby-settings">
      {t('nearby.openSettings')}
    </Button>
  );
}

/** No nearby request and no filter: why (no address, or nothing within the radius) and where to change it. */
export function NearbyEmpty() {
  const { t } = useTranslation('listing');
  const { hasAddress, canEdit } = useServiceArea();
  const description = hasAddress
    ? t('nearby.emptyArea')
    : canEdit
      ? t('nearby.noAddress')
      : t('nearby.noAddressAsk');
  return (
    <EmptyState
      icon={<IconMapPinOff size={28} />}
      variant="light"
      title={t('nearby.emptyTitle')}
      description={description}
      data-testid="listing-empty"
      data-reason={hasAddress ? 'area' : 'no-address'}
    >
      <SettingsLink />
    </EmptyState>
  );
}

/**
 * Above a list of nearby requests of a company without an address: only the requests of its own
 * projects are listed, and why.
 */
export function NoAddressNotice() {
  const { t } = useTranslation('listing');
  const { hasAddress, canEdit } = useServiceArea();
  if (hasAddress) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconMapPinOff size={18} aria-hidden />}
      title={t('nearby.noAddressTitle')}
      data-testid="nearby-no-address"
    >
      {canEdit ? t('nearby.noAddressList') : t('nearby.noAddressListAsk')}
      <div style={{ marginTop: 8 }}>
        <SettingsLink />
      </div>
    </Alert>
  );
}
