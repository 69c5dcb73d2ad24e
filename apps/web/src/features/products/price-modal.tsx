import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Product } from '@solar/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddToCatalogue, useUpdateCatalogueEntry } from '../../api/products';
import { handleFormError, notifySuccess } from '../../lib/errors';
import { draftOf, type PriceDraft, type PriceErrors, PriceFields, validatePrice } from './price-fields';

interface PriceModalProps {
  /** The product whose company price is set; null closes the modal. */
  product: Product | null;
  onClose: () => void;
}

/** Adds a product to the catalogue (POST productinstaller) or changes its price and tiers (PUT updateinstaller). */
export function PriceModal({ product, onClose }: PriceModalProps) {
  const { t } = useTranslation('products');
  const editing = Boolean(product?.installerProduct);
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={editing ? t('price.editTitle') : t('price.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {product && <PriceForm key={product._id} product={product} onDone={onClose} />}
    </Modal>
  );
}

function PriceForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const entry = product.installerProduct;
  const [draft, setDraft] = useState<PriceDraft>(() => draftOf(entry?.price, entry?.bulkPrices));
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
          const fieldErrors = handleFormError(error, ['price', 'bulkPrices'] as const, tApp);
          setErrors({ price: fieldErrors.price ?? fieldErrors.bulkPrices, tiers: {} });
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
          <Button variant="default" onClick={onDone}>
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
