import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Language, PersonalDetailsRequest } from '@solar/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePersonalDetails } from '../../api/user';
import { changeLanguage, currentLanguage, isLanguage, UI_LANGUAGES } from '../../i18n';
import { handleFormError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { focusFirstInvalid, useForm } from '../../lib/use-form';
import { useCurrentUser } from '../auth/session';
import { SectionCard } from './section-card';

const FIELDS = ['firstName', 'lastName', 'phone', 'address', 'preferredLanguage'] as const;

/** Personal details → PUT /api/user/update/personal-details; a changed language also switches the UI. */
export function PersonalDetailsForm() {
  const { t } = useTranslation('profile');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const update = useUpdatePersonalDetails();
  const flight = useSingleFlight();
  const form = useForm({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    // The language the user reads the portal in (chosen on the login page or with the switch),
    // which the profile may not hold yet: saving keeps it instead of switching the screen back.
    preferredLanguage: currentLanguage() as Language,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const body = form.validate(PersonalDetailsRequest, tApp);
    if (!body) {
      focusFirstInvalid(element);
      return;
    }
    flight((done) =>
      update.mutate(body, {
        onSettled: done,
        onSuccess: () => {
          notifySuccess(t('personal.saved'));
          if (body.preferredLanguage && body.preferredLanguage !== currentLanguage()) {
            void changeLanguage(body.preferredLanguage);
          }
        },
        onError: (error) => {
          form.setErrors(handleFormError(error, FIELDS, tApp));
          focusFirstInvalid(element);
        },
      }),
    );
  };

  return (
    <SectionCard id="personal" title={t('personal.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('personal.firstName')}
              required
              autoComplete="given-name"
              {...form.textProps('firstName')}
            />
            <TextInput
              label={t('personal.lastName')}
              required
              autoComplete="family-name"
              {...form.textProps('lastName')}
            />
            <TextInput label={t('personal.email')} value={user.email} readOnly variant="filled" />
            <TextInput
              label={t('personal.phone')}
              type="tel"
              autoComplete="tel"
              {...form.textProps('phone')}
            />
            <TextInput
              label={t('personal.address')}
              autoComplete="street-address"
              {...form.textProps('address')}
            />
            <NativeSelect
              label={t('personal.language')}
              data={UI_LANGUAGES.map((code) => ({ value: code, label: tApp(`language.${code}`) }))}
              value={form.values.preferredLanguage}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isLanguage(value)) form.setField('preferredLanguage', value);
              }}
              error={form.errors.preferredLanguage}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {tApp('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
