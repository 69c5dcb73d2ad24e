import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Product } from '@solar/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddToCatalogue, useUpdateCatalogueEntry } from '../../api/products';
import { useDiscardGuard } from '../../lib/discard-guard';
import { notifyError, notifySuccess } from '../../lib/errors';
import {
  draftOf,
  type PriceDraft,
  type PriceErrors,
  PriceFields,
  priceErrorsOf,
  validatePrice,
} from './price-fields';

interface PriceModalProps {
  /** The product whose company price is set; null closes the modal. */
  product: Product | null;
  onClose: () => void;
}

/** Adds a product to the catalogue (POST productinstaller) or changes its price and tiers (PUT updateinstaller). */
export function PriceModal({ product, onClose }: PriceModalProps) {
  const { t } = useTranslation('products');
  const editing = Boolean(product?.installerProduct);
  const guard = useDiscardGuard(product !== null, onClose);
  return (
    <>
      <Modal
        opened={product !== null}
        onClose={guard.requestClose}
        title={editing ? t('price.editTitle') : t('price.addTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {product && (
          <PriceForm
            key={product._id}
            product={product}
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

interface PriceFormProps {
  product: Product;
  /** Saved: closes without asking. */
  onDone: () => void;
  /** Cancel: asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}

function PriceForm({ product, onDone, onCancel, onDirty }: PriceFormProps) {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const entry = product.installerProduct;
  const [initial] = useState<PriceDraft>(() => draftOf(entry?.price, entry?.bulkPrices));
  const [draft, setDraft] = useState<PriceDraft>(initial);
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirty(changed), [changed, onDirty]);
  const [errors, setErrors] = useState<PriceErrors>({ tiers: {} });
  const add = useAddToCatalogue();
  const update = useUpdateCatalogueEntry();
  const mutation = entry ? update : add;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePrice(draft, t, true);
    setErrors(result.errors);
    if (!result.value || result.value.price === undefined) return;
    mutation.mutate(
      { productId: product._id, price: result.value.price, bulkPrices: result.value.bulkPrices },
      {
        onSuccess: () => {
          notifySuccess(entry ? t('toast.priceSaved') : t('toast.added'));
          onDone();
        },
        onError: (error) => {
          const fieldErrors = priceErrorsOf(error, draft);
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error, tApp);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="price-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {product.manufacturer ? `${product.name} · ${product.manufacturer}` : product.name}
        </Text>
        <PriceFields
          draft={draft}
          errors={errors}
          onChange={(next) => {
            setDraft(next);
            setErrors({ tiers: {} });
          }}
          priceRequired
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tApp('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="price-save">
            {entry ? tApp('common.save') : t('price.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
