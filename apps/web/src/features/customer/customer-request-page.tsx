import {
  Alert,
  Button,
  Code,
  Grid,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { BUILDING_TYPES, CustomerRequest, ROOF_TYPES } from '@solar/shared';
import { IconAlertCircle, IconCircleCheck, IconSun } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { currentLanguage } from '../../i18n';
import { LanguageSwitch } from '../../layout/language-switch';
import { useUnloadGuard } from '../../lib/discard-guard';
import { errorMessage, fieldErrorsOf, translateMessage } from '../../lib/errors';
import { localeNumberInputProps } from '../../lib/number-input';
import { useSingleFlight } from '../../lib/single-flight';
import classes from './customer-request.module.css';
import { findPlace } from './known-places';
import { goesToPartner, partnerToSend, usePartnerLink } from './partner-link';
import { type LatLng, PinMap, type PinMapHandle } from './pin-map';
import { PinStatus } from './pin-status';
import { type QuoteRequestResult, useQuoteRequest } from './quote-request-api';
import { RequestIntro } from './request-intro';

type TextField = 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'postalCode' | 'city';
type Field = TextField | 'people' | 'consumption' | 'roofType' | 'buildingType' | 'pin';
type Errors = Partial<Record<Field, string>>;

const TEXT_FIELDS: readonly TextField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'postalCode',
  'city',
];
/** Form order, for moving the focus to the first field with an error. */
const FIELD_ORDER: readonly Field[] = [
  ...TEXT_FIELDS,
  'pin',
  'people',
  'consumption',
  'roofType',
  'buildingType',
];
/** The zoom the map shows a city at: close enough to pick out a roof. */
const CITY_ZOOM = 16;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  people: number | string;
  consumption: number | string;
  roofType: string;
  buildingType: string;
}

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  people: '',
  consumption: '',
  roofType: '',
  buildingType: '',
};

/** API field names onto the form's ('lat' and 'long' are the pin). */
function formField(path: string): Field | null {
  const key = path.split('.')[0] ?? '';
  if (key === 'lat' || key === 'long') return 'pin';
  return (FIELD_ORDER as readonly string[]).includes(key) ? (key as Field) : null;
}

/**
 * /request (public): the customer application's quote request. A household enters its contact details,
 * address and consumption and clicks its roof on the map; `?partner=` (the header's 'New project' link)
 * sends the request to that installer company, which the page names once the link is looked up (a link
 * no company has is left out of the request, and the page says so). Shows the request number on success.
 */
export function CustomerRequestPage() {
  const { t } = useTranslation('customer');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  const [searchParams] = useSearchParams();
  const partner = usePartnerLink(searchParams.get('partner'));
  const [values, setValues] = useState<Values>(EMPTY);
  const [pin, setPin] = useState<LatLng | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // A refused send's message; `retry` is false for the 429 of too many requests from this connection,
  // which another click cannot change (the API says when to try again).
  const [submitError, setSubmitError] = useState<{ message: string; retry: boolean } | null>(null);
  // The answer, and whether the request went to a partner (the next steps speak of its one offer).
  const [result, setResult] = useState<(QuoteRequestResult & { toPartner: boolean }) | null>(null);
  const mapRef = useRef<PinMapHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const request = useQuoteRequest();
  // A double click sends one request, so one quote (the button's loading state comes a render late).
  const flight = useSingleFlight();
  // Typed details are not lost by a reload, closing the tab or a link away (the map's attribution):
  // the browser asks first, until the request is sent.
  const touched = useRef(false);
  useEffect(() => {
    touched.current = !result && (pin !== null || Object.values(values).some((value) => value !== ''));
  }, [result, pin, values]);
  useUnloadGuard(true, touched);
  const ids = useId();
  const mapHelpId = `${ids}-map-help`;
  const mapErrorId = `${ids}-map-error`;

  // A known city moves the map there, so the household only has to find its roof.
  const [debouncedCity] = useDebouncedValue(values.city, 300);
  const lastPlace = useRef<string | null>(null);
  useEffect(() => {
    const place = findPlace(debouncedCity);
    const key = place ? `${place.lat},${place.lng}` : null;
    if (place && key !== lastPlace.current) mapRef.current?.flyTo(place, CITY_ZOOM);
    lastPlace.current = key;
  }, [debouncedCity]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const clearError = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const setField = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const placePin = (point: LatLng) => {
    setPin(point);
    clearError('pin');
  };

  const focusFirstError = (found: Errors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    if (first === 'pin') mapRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    focusFirstError(found);
  };

  const send = () => {
    setSubmitError(null);
    const input = {
      ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
      lat: pin?.lat,
      long: pin?.lng,
      people: typeof values.people === 'number' ? values.people : undefined,
      consumption: typeof values.consumption === 'number' ? values.consumption : undefined,
      roofType: values.roofType,
      buildingType: values.buildingType || undefined,
      partner: partnerToSend(partner),
    };
    const parsed = CustomerRequest.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const [path, message] of Object.entries(fieldErrorsOf(parsed.error.issues, tApp))) {
        const field = formField(path);
        if (!field || found[field]) continue;
        const empty = field !== 'pin' && field in values && values[field as keyof Values] === '';
        found[field] = field === 'pin' ? t('map.pinRequired') : empty ? tApp('validation.required') : message;
      }
      showErrors(found);
      return;
    }
    flight((done) =>
      request.mutate(parsed.data, {
        onSettled: done,
        onSuccess: (data) => setResult({ ...data, toPartner: goesToPartner(partner) }),
        onError: (error) => {
          const found: Errors = {};
          if (isApiError(error)) {
            for (const [path, message] of Object.entries(error.errors)) {
              const field = formField(path);
              if (field && !found[field])
                found[field] = field === 'pin' ? t('map.pinRequired') : translateMessage(message, tApp);
            }
          }
          const message = errorMessage(error, tApp);
          if (Object.keys(found).length > 0) showErrors(found);
          else if (message) setSubmitError({ message, retry: !(isApiError(error) && error.status === 429) });
        },
      }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const startOver = () => {
    setValues(EMPTY);
    setPin(null);
    setErrors({});
    setResult(null);
    lastPlace.current = null;
  };

  const choose = { value: '', label: t('fields.selectPlaceholder'), disabled: true };
  const roofOptions = [choose, ...ROOF_TYPES.map((value) => ({ value, label: t(`roofTypes.${value}`) }))];
  const buildingOptions = [
    choose,
    ...BUILDING_TYPES.map((value) => ({ value, label: t(`buildingTypes.${value}`) })),
  ];

  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <span className={classes.brand}>
          <IconSun size={26} color="#f59e0b" aria-hidden />
          {tApp('app.name')}
        </span>
        <LanguageSwitch />
      </header>
      <main className={classes.main}>
        {result ? (
          <Paper
            p={{ base: 'lg', sm: 'xl' }}
            shadow="sm"
            ref={resultRef}
            tabIndex={-1}
            role="status"
            data-testid="request-success"
          >
            <Stack align="center" ta="center" gap="md" maw={560} mx="auto">
              <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={1} size="h2">
                {t('success.title')}
              </Title>
              {/* It names the partner company: a name of one long word wraps on a phone. */}
              <Text size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="request-message">
                {result.message}
              </Text>
              <div>
                <Text c="dimmed" size="sm">
                  {t('success.reference')}
                </Text>
                <Code fz="xl" fw={700} data-testid="request-short-id">
                  {result.shortId}
                </Code>
              </div>
              <Text c="dimmed" size="sm">
                {t(result.toPartner ? 'success.nextPartner' : 'success.next')}
              </Text>
              <Button variant="light" onClick={startOver} data-testid="request-again">
                {t('success.again')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Paper p={{ base: 'md', sm: 'xl' }} shadow="sm">
            <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="request-form">
              <Stack gap="xl">
                <div>
                  <Title order={1} size="h2">
                    {t('title')}
                  </Title>
                  <RequestIntro link={partner} />
                </div>

                <Stack component="section" gap="sm" aria-labelledby={`${ids}-contact`}>
                  <Title order={2} size="h4" id={`${ids}-contact`}>
                    {t('sections.contact')}
                  </Title>
                  <Grid gap="sm">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        name="firstName"
                        label={t('fields.firstName')}
                        autoComplete="given-name"
                        required
                        value={values.firstName}
                        onChange={(e) => setField('firstName', e.currentTarget.value)}
                        error={errors.firstName}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        name="lastName"
                        label={t('fields.lastName')}
                        autoComplete="family-name"
                        required
                        value={values.lastName}
                        onChange={(e) => setField('lastName', e.currentTarget.value)}
                        error={errors.lastName}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        name="email"
                        type="email"
                        label={t('fields.email')}
                        autoComplete="email"
                        required
                        value={values.email}
                        onChange={(e) => setField('email', e.currentTarget.value)}
                        error={errors.email}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        name="phone"
                        type="tel"
                        label={t('fields.phone')}
                        description={tApp('common.optional')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        autoComplete="tel"
                        value={values.phone}
                        onChange={(e) => setField('phone', e.currentTarget.value)}
                        error={errors.phone}
                      />
                    </Grid.Col>
                  </Grid>
                </Stack>

                <Stack component="section" gap="sm" aria-labelledby={`${ids}-location`}>
                  <Title order={2} size="h4" id={`${ids}-location`}>
                    {t('sections.location')}
                  </Title>
                  <Grid gap="sm">
                    <Grid.Col span={12}>
                      <TextInput
                        name="address"
                        label={t('fields.address')}
                        autoComplete="street-address"
                        required
                        value={values.address}
                        onChange={(e) => setField('address', e.currentTarget.value)}
                        error={errors.address}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <TextInput
                        name="postalCode"
                        label={t('fields.postalCode')}
                        description={tApp('common.optional')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        autoComplete="postal-code"
                        inputMode="numeric"
                        value={values.postalCode}
                        onChange={(e) => setField('postalCode', e.currentTarget.value)}
                        error={errors.postalCode}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 8 }}>
                      <TextInput
                        name="city"
                        label={t('fields.city')}
                        description={t('hints.city')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        autoComplete="address-level2"
                        required
                        value={values.city}
                        onChange={(e) => setField('city', e.currentTarget.value)}
                        error={errors.city}
                      />
                    </Grid.Col>
                  </Grid>
                  <Text size="sm" id={mapHelpId}>
                    {t('map.instructions')}
                  </Text>
                  <PinMap
                    ref={mapRef}
                    pin={pin}
                    onPinChange={placePin}
                    label={t('map.label')}
                    markerTitle={t('map.marker')}
                    zoomInTitle={t('map.zoomIn')}
                    zoomOutTitle={t('map.zoomOut')}
                    describedBy={errors.pin ? `${mapHelpId} ${mapErrorId}` : mapHelpId}
                    invalid={Boolean(errors.pin)}
                  />
                  {errors.pin && (
                    <Text size="sm" c="red.7" id={mapErrorId} role="alert" data-testid="request-pin-error">
                      {errors.pin}
                    </Text>
                  )}
                  <PinStatus
                    pin={pin}
                    mapRef={mapRef}
                    onPinChange={placePin}
                    pinSet={(coords) => t('map.pinSet', coords)}
                    noPin={t('map.noPin')}
                    atCentre={t('map.pinAtCenter')}
                    stateTestId="request-pin"
                    centreTestId="request-pin-center"
                  />
                </Stack>

                <Stack component="section" gap="sm" aria-labelledby={`${ids}-building`}>
                  <Title order={2} size="h4" id={`${ids}-building`}>
                    {t('sections.building')}
                  </Title>
                  <Grid gap="sm">
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <NumberInput
                        name="people"
                        label={t('fields.people')}
                        required
                        min={1}
                        max={50}
                        allowDecimal={false}
                        allowNegative={false}
                        value={values.people}
                        onChange={(value) => setField('people', value)}
                        error={errors.people}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <NumberInput
                        name="consumption"
                        label={t('fields.consumption')}
                        description={t('hints.consumption')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        required
                        min={100}
                        max={1_000_000}
                        step={100}
                        allowNegative={false}
                        {...localeNumberInputProps(lang)}
                        value={values.consumption}
                        onChange={(value) => setField('consumption', value)}
                        error={errors.consumption}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <NativeSelect
                        name="roofType"
                        label={t('fields.roofType')}
                        required
                        data={roofOptions}
                        value={values.roofType}
                        onChange={(e) => setField('roofType', e.currentTarget.value)}
                        error={errors.roofType}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <NativeSelect
                        name="buildingType"
                        label={t('fields.buildingType')}
                        required
                        data={buildingOptions}
                        value={values.buildingType}
                        onChange={(e) => setField('buildingType', e.currentTarget.value)}
                        error={errors.buildingType}
                      />
                    </Grid.Col>
                  </Grid>
                </Stack>

                {submitError && (
                  <Alert
                    color="red"
                    icon={<IconAlertCircle size={20} />}
                    title={t('error.title')}
                    role="alert"
                    data-testid="request-error"
                  >
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">{submitError.message}</Text>
                      {submitError.retry && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={send}
                          loading={request.isPending}
                        >
                          {tApp('common.retry')}
                        </Button>
                      )}
                    </Stack>
                  </Alert>
                )}

                <Stack gap="xs">
                  <Button
                    type="submit"
                    size="md"
                    loading={request.isPending}
                    data-testid="request-submit"
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('submit')}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {t(goesToPartner(partner) ? 'consentPartner' : 'consent')}
                  </Text>
                </Stack>
              </Stack>
            </form>
          </Paper>
        )}
      </main>
    </div>
  );
}
