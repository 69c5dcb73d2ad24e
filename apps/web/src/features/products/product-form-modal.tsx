import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Product, ProductInput } from '@solar/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useCreateProduct, useUpdateProduct } from '../../api/products';
import { useDiscardGuard } from '../../lib/discard-guard';
import { notifyError, notifySuccess, translateIssue, translateMessage } from '../../lib/errors';
import { localeNumberInputProps, numberValue } from '../../lib/number-input';
import { useSingleFlight } from '../../lib/single-flight';
import {
  draftOf,
  type PriceDraft,
  type PriceErrors,
  PriceFields,
  priceErrorsOf,
  validatePrice,
} from './price-fields';
import { PRODUCT_TYPES, type ProductType } from './product-meta';

/** What the form does: a new product, a copy of a platform product, or a change of an own one. */
export type ProductFormMode =
  | { kind: 'create' }
  | { kind: 'duplicate'; source: Product }
  | { kind: 'edit'; product: Product };

interface ProductFormModalProps {
  mode: ProductFormMode | null;
  /** True for a company's own product (isDuplicate, with its price); false for ADMIN's platform list. */
  own: boolean;
  onClose: () => void;
}

export function ProductFormModal({ mode, own, onClose }: ProductFormModalProps) {
  const { t } = useTranslation('products');
  const title = !mode
    ? ''
    : mode.kind === 'edit'
      ? t('form.editTitle')
      : mode.kind === 'duplicate'
        ? t('form.duplicateTitle')
        : own
          ? t('form.createTitle')
          : t('form.createPlatformTitle');
  const formKey = !mode
    ? 'none'
    : mode.kind === 'create'
      ? 'create'
      : `${mode.kind}-${mode.kind === 'edit' ? mode.product._id : mode.source._id}`;
  const guard = useDiscardGuard(mode !== null, onClose);
  return (
    <>
      <Modal
        opened={mode !== null}
        onClose={guard.requestClose}
        title={title}
        size="xl"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {mode && (
          <ProductForm
            key={formKey}
            mode={mode}
            own={own}
            onDone={onClose}
            onCancel={guard.requestClose}
            onDirty={guard.setDirty}
          />
        )}
      </Modal>
      {guard.question}
    </>
  );
}

type NumberField = number | string;
interface Values {
  type: ProductType;
  microInverter: boolean;
  name: string;
  manufacturer: string;
  powerW: NumberField;
  capacityKwh: NumberField;
  efficiencyPct: NumberField;
  warrantyYears: NumberField;
  description: string;
}

function valuesOf(p: Product | null): Values {
  return {
    type: p?.type ?? 'solarPanel',
    microInverter: p?.subtype === 'micro-inverter',
    name: p?.name ?? '',
    manufacturer: p?.manufacturer ?? '',
    powerW: p?.details.powerW ?? '',
    capacityKwh: p?.details.capacityKwh ?? '',
    efficiencyPct: p?.details.efficiencyPct ?? '',
    warrantyYears: p?.details.warrantyYears ?? '',
    description: p?.details.description ?? '',
  };
}

/** Fields the form shows errors at; other server errors become a toast. */
const FORM_FIELDS = new Set(['name', 'manufacturer', 'type', 'price', 'bulkPrices']);

interface ProductFormProps {
  mode: ProductFormMode;
  own: boolean;
  /** Saved: closes without asking. */
  onDone: () => void;
  /** Cancel: asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}

function ProductForm({ mode, own, onDone, onCancel, onDirty }: ProductFormProps) {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const base = mode.kind === 'edit' ? mode.product : mode.kind === 'duplicate' ? mode.source : null;
  const [initialValues] = useState<Values>(() => valuesOf(base));
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [initialPrice] = useState<PriceDraft>(() =>
    draftOf(base?.installerProduct?.price, base?.installerProduct?.bulkPrices),
  );
  const [price, setPrice] = useState<PriceDraft>(initialPrice);
  const changed =
    JSON.stringify(values) !== JSON.stringify(initialValues) ||
    JSON.stringify(price) !== JSON.stringify(initialPrice);
  useEffect(() => onDirty(changed), [changed, onDirty]);
  const [priceErrors, setPriceErrors] = useState<PriceErrors>({ tiers: {} });
  const create = useCreateProduct(own);
  const update = useUpdateProduct(own);
  const pending = create.isPending || update.isPending;
  // Two submits before the button shows it is busy would create the product twice.
  const flight = useSingleFlight();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const field = key === 'name' || key === 'manufacturer' || key === 'type' ? key : `details.${key}`;
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      type: values.type,
      subtype: values.type === 'inverter' && values.microInverter ? 'micro-inverter' : null,
      name: values.name,
      manufacturer: values.manufacturer,
      details: {
        powerW: numberValue(values.powerW),
        capacityKwh: numberValue(values.capacityKwh),
        efficiencyPct: numberValue(values.efficiencyPct),
        warrantyYears: numberValue(values.warrantyYears),
        description: values.description.trim() || undefined,
      },
      sourceProductId: mode.kind === 'duplicate' ? mode.source._id : base?.sourceProductId,
    };
    const parsed = ProductInput.safeParse(input);
    const fieldErrors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!fieldErrors[path]) fieldErrors[path] = translateIssue(issue, tApp);
      }
    }
    const priced = own ? validatePrice(price, t, true) : null;
    setErrors(fieldErrors);
    if (priced) setPriceErrors(priced.errors);
    if (!parsed.success || (priced && !priced.value)) return;
    const body: ProductInput = { ...parsed.data, ...(priced?.value ?? {}) };

    const onError = (error: unknown) => {
      if (isApiError(error) && Object.keys(error.errors).length > 0) {
        const serverErrors: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.errors)) {
          serverErrors[field] = translateMessage(message, tApp);
        }
        setErrors(serverErrors);
        const tierErrors = priceErrorsOf(error, price);
        if (tierErrors) setPriceErrors(tierErrors);
        if (
          !tierErrors &&
          !Object.keys(serverErrors).some((f) => FORM_FIELDS.has(f) || f.startsWith('details.'))
        ) {
          notifyError(error, tApp);
        }
      } else {
        notifyError(error, tApp);
      }
    };
    const onSuccess = () => {
      notifySuccess(mode.kind === 'edit' ? t('toast.updated') : t('toast.created'));
      onDone();
    };
    flight((done) => {
      if (mode.kind === 'edit')
        update.mutate({ id: mode.product._id, body }, { onSuccess, onError, onSettled: done });
      else create.mutate(body, { onSuccess, onError, onSettled: done });
    });
  };

  const numberProps = (key: 'powerW' | 'capacityKwh' | 'efficiencyPct' | 'warrantyYears') => ({
    value: values[key],
    onChange: (value: NumberField) => set(key, value),
    error: errors[`details.${key}`],
    allowNegative: false,
    min: 0,
    ...localeNumberInputProps(),
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="product-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.name')}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            data-autofocus
            data-testid="form-name"
          />
          <TextInput
            label={t('form.manufacturer')}
            value={values.manufacturer}
            onChange={(e) => set('manufacturer', e.currentTarget.value)}
            error={errors.manufacturer}
            data-testid="form-manufacturer"
          />
          <Select
            label={t('form.type')}
            required
            allowDeselect={false}
            data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            value={values.type}
            onChange={(value) => value && set('type', value as ProductType)}
            error={errors.type}
            data-testid="form-type"
          />
          {values.type === 'inverter' ? (
            <Checkbox
              mt={{ base: 0, sm: 30 }}
              label={t('form.microInverter')}
              checked={values.microInverter}
              onChange={(e) => set('microInverter', e.currentTarget.checked)}
            />
          ) : (
            <div />
          )}
          <NumberInput
            label={t('form.powerW')}
            rightSection="W"
            max={10_000_000}
            {...numberProps('powerW')}
            data-testid="form-power"
          />
          <NumberInput
            label={t('form.capacityKwh')}
            rightSection="kWh"
            rightSectionWidth={44}
            max={100_000}
            decimalScale={2}
            {...numberProps('capacityKwh')}
          />
          <NumberInput
            label={t('form.efficiencyPct')}
            rightSection="%"
            max={100}
            decimalScale={2}
            {...numberProps('efficiencyPct')}
          />
          <NumberInput
            label={t('form.warrantyYears')}
            max={50}
            allowDecimal={false}
            {...numberProps('warrantyYears')}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors['details.description']}
        />
        {own && (
          <>
            <Divider label={t('form.priceSection')} labelPosition="left" />
            <PriceFields
              draft={price}
              errors={priceErrors}
              onChange={(next) => {
                setPrice(next);
                setPriceErrors({ tiers: {} });
              }}
              priceRequired
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tApp('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="form-save">
            {mode.kind === 'edit' ? tApp('common.save') : t('form.createSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
