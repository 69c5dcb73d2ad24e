import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MONTHS, parseLocaleNumber } from '@solar/shared';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useUploadOffer } from '../../api/offers';
import { currentLanguage } from '../../i18n';
import { useDiscardGuard } from '../../lib/discard-guard';
import { errorMessage, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { useFieldErrors } from '../../lib/use-form';
import { WRAPPING_BUTTON } from '../../lib/wrapping-button';
import { monthNames } from './monthly-chart';
import { type CalculatedField, CalculateFromCatalogue } from './offer-from-calculator';

/** Typical share of the yearly yield per month for a south-facing roof in Germany (sums to 1). */
const GERMAN_PROFILE = [0.03, 0.05, 0.08, 0.11, 0.13, 0.13, 0.135, 0.12, 0.09, 0.065, 0.035, 0.025];

const FIELDS = ['moduleQuantity', 'productionCapacity', 'finalPrice', 'yearlyProduction'] as const;
type Field = (typeof FIELDS)[number];

/** "Upload offer": the production data, monthly kWh and the optional PDF and 3D model. */
export function UploadOfferModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const months = monthNames(lang);
  const upload = useUploadOffer(projectId);
  // Closing after typing asks "discard changes?" first, like the product dialogs: 16 fields are a lot to lose.
  const guard = useDiscardGuard(opened, onClose);
  // Two submits before the button shows it is busy (a double click, Enter twice) would upload the
  // offer twice: two versions, the second a copy of the first.
  const flight = useSingleFlight();
  const [values, setValues] = useState<Record<Field, string>>({
    moduleQuantity: '',
    productionCapacity: '',
    finalPrice: '',
    yearlyProduction: '',
  });
  const [monthly, setMonthly] = useState<string[]>(() => MONTHS.map(() => ''));
  const [pdf, setPdf] = useState<File | null>(null);
  const [model, setModel] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { errors, setErrors, clearError } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  /** A number as typed in the UI language's pattern (`9,6` and `18.450` in German). */
  const toNumber = (text: string) => parseLocaleNumber(text, lang);
  /** A field's message goes once the user changes it. */

  const distribute = () => {
    const yearly = toNumber(values.yearlyProduction);
    if (yearly === null || yearly === undefined) {
      setErrors((e) => ({
        ...e,
        yearlyProduction: yearly === null ? tApp('validation.required') : t('upload.invalidNumber'),
      }));
      return;
    }
    setMonthly(GERMAN_PROFILE.map((share) => String(Math.round(yearly * share))));
    guard.setDirty(true);
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('monthlySolarData'))),
    );
  };

  /** The calculator's result goes into the fields like typed values: editable, and guarded on close. */
  const applyCalculation = (fields: Partial<Record<CalculatedField, string>>) => {
    setValues((s) => ({ ...s, ...fields }));
    guard.setDirty(true);
    for (const name of Object.keys(fields)) clearError(name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    // Sent as plain numbers, read here in the user's pattern (the API reads `18450`, not `18.450`).
    const numbers = {} as Record<Field, string>;
    for (const f of FIELDS) {
      const n = toNumber(values[f]);
      if (n === null) local[f] = tApp('validation.required');
      else if (n === undefined) local[f] = t('upload.invalidNumber');
      else numbers[f] = String(n);
    }
    const data: Record<string, number> = {};
    MONTHS.forEach((m, i) => {
      const n = toNumber(monthly[i] ?? '');
      if (n === null) local[`monthlySolarData.${m}`] = tApp('validation.required');
      else if (n === undefined) local[`monthlySolarData.${m}`] = t('upload.invalidNumber');
      else data[m] = n;
    });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      // The focus moves to the first field in error, so a screen reader reads its message out.
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    flight((done) => {
      setProgress(0);
      upload.mutate(
        { ...numbers, monthlySolarData: data, pdf, model, onProgress: setProgress },
        {
          onSettled: () => {
            setProgress(null);
            done();
          },
          onSuccess: (result) => {
            notifySuccess(result.message ?? t('upload.done'));
            onClose();
          },
          onError: (error) => {
            if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors);
            setFormError(errorMessage(error, tApp));
          },
        },
      );
    });
  };

  const field = (name: Field, label: string, unit?: string) => (
    <TextInput
      label={label}
      rightSection={unit ? <Text size="xs">{unit}</Text> : undefined}
      rightSectionWidth={unit ? 44 : undefined}
      inputMode="decimal"
      required
      value={values[name]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((s) => ({ ...s, [name]: v }));
        guard.setDirty(true);
        clearError(name);
      }}
      error={errors[name]}
      data-testid={`offer-${name}`}
    />
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={t('upload.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <form onSubmit={submit} noValidate data-testid="offer-upload-form">
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <CalculateFromCatalogue projectId={projectId} onApply={applyCalculation} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {field('moduleQuantity', t('field.moduleQuantity'))}
              {field('productionCapacity', t('field.productionCapacity'), 'kWp')}
              {field('finalPrice', t('field.finalPrice'), '€')}
              {field('yearlyProduction', t('field.yearlyProduction'), 'kWh')}
            </SimpleGrid>
            <Group justify="space-between" align="center">
              <Text fw={500}>{t('field.monthly')}</Text>
              <Button
                variant="light"
                size="xs"
                onClick={distribute}
                // The long label ('Repartir la producción anual según un perfil típico alemán') wraps on a
                // phone instead of being cut off.
                styles={WRAPPING_BUTTON}
                data-testid="offer-distribute"
              >
                {t('upload.distribute')}
              </Button>
            </Group>
            {errors.monthlySolarData && (
              <Text c="red.9" size="sm" role="alert">
                {errors.monthlySolarData}
              </Text>
            )}
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
              {MONTHS.map((m, i) => (
                <TextInput
                  key={m}
                  size="xs"
                  label={months[i]}
                  inputMode="decimal"
                  rightSection={<Text size="10px">kWh</Text>}
                  value={monthly[i]}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setMonthly((s) => s.map((old, j) => (j === i ? v : old)));
                    guard.setDirty(true);
                    clearError(`monthlySolarData.${m}`);
                  }}
                  error={errors[`monthlySolarData.${m}`]}
                  data-testid={`offer-month-${m}`}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <FileInput
                label={t('field.pdf')}
                description={tApp('common.optional')}
                accept="application/pdf,.pdf"
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                clearable
                value={pdf}
                onChange={(file) => {
                  setPdf(file);
                  guard.setDirty(true);
                }}
                error={errors.pdf}
                data-testid="offer-pdf"
              />
              <FileInput
                label={t('field.model')}
                description={tApp('common.optional')}
                accept=".obj"
                clearable
                value={model}
                onChange={(file) => {
                  setModel(file);
                  guard.setDirty(true);
                }}
                error={errors.model}
                data-testid="offer-model"
              />
            </SimpleGrid>
            {progress !== null && (
              <Stack gap={4}>
                <Text size="sm">{t('upload.progress', { percent: progress })}</Text>
                <Progress
                  value={progress}
                  animated
                  aria-label={t('upload.progressLabel')}
                  data-testid="offer-upload-progress"
                />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.requestClose}>
                {tApp('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={upload.isPending}
                leftSection={<IconUpload size={16} aria-hidden />}
                data-testid="offer-upload-submit"
              >
                {t('upload.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {guard.question}
    </>
  );
}
