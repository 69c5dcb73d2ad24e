import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CompanyUpdateRequest, formatNumber, type InstallerDetails, type PartnerTier } from '@solar/shared';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCompany } from '../../api/installer';
import { currentLanguage } from '../../i18n';
import { handleFormError, notifySuccess } from '../../lib/errors';
import { localeNumberInputProps } from '../../lib/number-input';
import { useSingleFlight } from '../../lib/single-flight';
import { focusFirstInvalid, useForm } from '../../lib/use-form';
import type { LatLng } from '../customer/pin-map';
import { missingForOffers } from '../offers/company-contact-notice';
import { CompanyLocation } from './company-location';
import { SectionCard } from './section-card';

const FIELDS = [
  'companyName',
  'address',
  'city',
  'postalCode',
  'phone',
  'email',
  'website',
  'vatId',
  'description',
  'serviceRadiusKm',
] as const;

/** Translation keys of the stored partner tiers (SPEC §9); an unknown tier shows as stored. */
const TIER_KEYS: Record<PartnerTier, 'futurePartner' | 'climateProtector' | 'climateSavers'> = {
  'Future Partner': 'futurePartner',
  'Climate protector Partnercity': 'climateProtector',
  'Climate savers Partnercity': 'climateSavers',
};

interface CompanyDetailsFormProps {
  company: InstallerDetails;
  /** INSTALLER_ADMIN edits; the other installer roles read. */
  editable: boolean;
}

/** Company details → PUT /api/installer/{installerId}; the partner tier is shown, never edited. */
export function CompanyDetailsForm({ company, editable }: CompanyDetailsFormProps) {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const { t: tMap } = useTranslation('map');
  const { t: tOffers } = useTranslation('offers');
  const update = useUpdateCompany(company._id);
  // The centre of the service area, kept beside the form's text values (it is not typed).
  const [pin, setPin] = useState<LatLng | null>(
    company.latitude !== null && company.longitude !== null
      ? { lat: company.latitude, lng: company.longitude }
      : null,
  );
  const form = useForm({
    companyName: company.companyName,
    address: company.address,
    city: company.city,
    postalCode: company.postalCode,
    phone: company.phone,
    email: company.email,
    website: company.website,
    vatId: company.vatId,
    description: company.description,
    serviceRadiusKm: company.serviceRadiusKm as number | string,
  });

  // A double click saves once (the button's loading state comes a render late).
  const flight = useSingleFlight();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const body = form.validate(CompanyUpdateRequest, tApp);
    if (!body) {
      focusFirstInvalid(element);
      return;
    }
    flight((done) =>
      update.mutate(pin ? { ...body, latitude: pin.lat, longitude: pin.lng } : body, {
        onSettled: done,
        onSuccess: () => notifySuccess(t('company.saved')),
        onError: (error) => {
          form.setErrors(handleFormError(error, FIELDS, tApp));
          focusFirstInvalid(element);
        },
      }),
    );
  };

  const readOnly = !editable;
  // Both from the saved company: what the listing and the offers use now.
  const hasLocation = company.latitude !== null && company.longitude !== null;
  const missing = missingForOffers(company);
  const variant = readOnly ? 'filled' : 'default';
  const tierKey = TIER_KEYS[company.partnerTier] as (typeof TIER_KEYS)[PartnerTier] | undefined;
  const tier = tierKey ? t(`company.tiers.${tierKey}`) : company.partnerTier;

  return (
    // The listing's and the map's 'Open settings' lead here (`/profile#company`).
    <div id="company" style={{ scrollMarginTop: 80 }}>
      <SectionCard
        id="company"
        title={t('company.title')}
        description={
          hasLocation
            ? t('company.serviceArea', {
                // The saved radius: what the listing and the map use, not what is typed and not yet saved.
                radius: formatNumber(company.serviceRadiusKm, currentLanguage()),
                city: company.city || company.companyName,
              })
            : tMap(editable ? 'companyLocation.noServiceArea' : 'companyLocation.noServiceAreaAsk')
        }
        aside={
          <Badge
            variant="light"
            size="lg"
            title={t('company.partnerTier')}
            // A long tier name ('Ciudad socia protectora del clima') wraps on a phone instead of being cut.
            h="auto"
            py={4}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
            data-testid="partner-tier"
          >
            {tier}
          </Badge>
        }
      >
        {readOnly && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
            {t('company.readOnlyHint')}
          </Alert>
        )}
        {missing.length > 0 && (
          // The offer e-mail and PDF name these to the customer ({{installerPhone}}, {{installerEmail}}):
          // without them the customer reads "reach us at  or ."
          <Alert
            variant="light"
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={tOffers('companyContact.title', {
              fields: missing.map((key) => t(`company.${key}`)).join(', '),
            })}
            data-testid="company-offer-missing"
          >
            {tOffers(editable ? 'companyContact.text' : 'companyContact.textAsk')}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('company.name')}
                required={!readOnly}
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('companyName')}
              />
              <TextInput label={t('company.partnerTier')} value={tier} readOnly variant="filled" />
              <TextInput
                label={t('company.address')}
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('address')}
              />
              <Group grow align="flex-start">
                <TextInput
                  label={t('company.postalCode')}
                  readOnly={readOnly}
                  variant={variant}
                  {...form.textProps('postalCode')}
                />
                <TextInput
                  label={t('company.city')}
                  readOnly={readOnly}
                  variant={variant}
                  {...form.textProps('city')}
                />
              </Group>
              <TextInput
                label={t('company.phone')}
                type="tel"
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('phone')}
              />
              <TextInput
                label={t('company.email')}
                type="email"
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('email')}
              />
              <TextInput
                label={t('company.website')}
                type="url"
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('website')}
              />
              <TextInput
                label={t('company.vatId')}
                readOnly={readOnly}
                variant={variant}
                {...form.textProps('vatId')}
              />
              <NumberInput
                label={t('company.serviceRadius')}
                min={1}
                max={1000}
                allowDecimal={false}
                allowNegative={false}
                {...localeNumberInputProps()}
                readOnly={readOnly}
                variant={variant}
                value={form.values.serviceRadiusKm}
                onChange={(value) => form.setField('serviceRadiusKm', value)}
                error={form.errors.serviceRadiusKm}
              />
            </SimpleGrid>
            {editable && <CompanyLocation pin={pin} onPinChange={setPin} city={String(form.values.city)} />}
            <Textarea
              label={t('company.description')}
              autosize
              minRows={3}
              maxRows={8}
              readOnly={readOnly}
              variant={variant}
              {...form.textProps('description')}
            />
            {editable && (
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending}>
                  {tApp('common.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </SectionCard>
    </div>
  );
}
