import { ActionIcon, Badge, Menu, Text, Tooltip } from '@mantine/core';
import { formatEuro, formatKwh, formatNumber, type Language, type Product, withUnit } from '@solar/shared';
import {
  IconBookmarkMinus,
  IconCopy,
  IconCurrencyEuro,
  IconDotsVertical,
  IconPencil,
  IconShoppingCartPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type DetailKey, KEY_DETAILS } from './product-meta';

export type RowAction =
  | 'addToCatalogue'
  | 'editPrice'
  | 'removeFromCatalogue'
  | 'duplicate'
  | 'edit'
  | 'delete';

/** What the table and the phone's cards are given alike. */
export interface ProductListProps {
  rows: Product[];
  /** The company columns (price, tiers) and the company's wording; off for ADMIN, who keeps the platform list. */
  showCompanyPrice: boolean;
  /** The actions the caller may take on a row (empty: read only). */
  actionsFor: (product: Product) => RowAction[];
  /** Rows that can be selected for 'delete selected'. */
  selectable: (product: Product) => boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onAction: (action: RowAction, product: Product) => void;
  busy: boolean;
}

function formatDetail(key: DetailKey, value: number, lang: Language, t: TFunction<'products'>): string {
  const digits = Number.isInteger(value) ? 0 : 1;
  switch (key) {
    case 'powerW':
      return withUnit(formatNumber(value, lang), 'W');
    case 'capacityKwh':
      return formatKwh(value, lang, digits);
    case 'efficiencyPct':
      return withUnit(formatNumber(value, lang, digits), '%');
    case 'warrantyYears':
      return t('details.warranty', { count: value, n: formatNumber(value, lang) });
  }
}

/** The rows the user may tick, and whether all or some of them are ticked (the select-all box). */
export function selectionOf(
  rows: readonly Product[],
  selectable: (row: Product) => boolean,
  selected: ReadonlySet<string>,
) {
  const selectableRows = rows.filter(selectable);
  const allSelected = selectableRows.length > 0 && selectableRows.every((row) => selected.has(row._id));
  const someSelected = selectableRows.some((row) => selected.has(row._id));
  return { selectableRows, allSelected, someSelected };
}

/** The product's key details of its type in one line ('' when it has none). */
export function detailsText(product: Product, lang: Language, t: TFunction<'products'>): string {
  return KEY_DETAILS[product.type]
    .map((key) => ({ key, value: product.details[key] }))
    .filter((d): d is { key: DetailKey; value: number } => typeof d.value === 'number')
    .map((d) => formatDetail(d.key, d.value, lang, t))
    .join(' · ');
}

const euro = (value: number, lang: Language) => formatEuro(value, lang, Number.isInteger(value) ? 0 : 2);

/** The company's unit price, or 'not in catalogue'. */
export function PriceText({ product, lang }: { product: Product; lang: Language }) {
  const { t } = useTranslation('products');
  const entry = product.installerProduct;
  return entry ? (
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {euro(entry.price, lang)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('table.notInCatalogue')}
    </Text>
  );
}

/** The number of bulk tiers, each listed in a tooltip; a dash without any. */
export function TierBadge({ product, lang }: { product: Product; lang: Language }) {
  const { t } = useTranslation('products');
  const tiers = product.installerProduct?.bulkPrices ?? [];
  if (tiers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Tooltip
      multiline
      label={tiers
        .map((tier) =>
          t('table.tierLine', { min: formatNumber(tier.minQuantity, lang), price: euro(tier.price, lang) }),
        )
        .join('\n')}
      style={{ whiteSpace: 'pre-line' }}
    >
      <Badge variant="light" tabIndex={0}>
        {t('table.tierCount', { count: tiers.length })}
      </Badge>
    </Tooltip>
  );
}

const ACTION_ICONS = {
  addToCatalogue: IconShoppingCartPlus,
  editPrice: IconCurrencyEuro,
  removeFromCatalogue: IconBookmarkMinus,
  duplicate: IconCopy,
  edit: IconPencil,
  delete: IconTrash,
} as const;

/** The ⋮ menu of a product's actions. */
export function RowMenu({
  product,
  actions,
  onAction,
  size = 'md',
}: {
  product: Product;
  actions: RowAction[];
  onAction: ProductListProps['onAction'];
  /** 'lg' on a phone: a finger-sized target. */
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('products');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={size}
          aria-label={t('table.actionsFor', { name: product.name })}
          data-testid="row-actions"
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const ActionIconCmp = ACTION_ICONS[action];
          return (
            <Menu.Item
              key={action}
              color={action === 'delete' || action === 'removeFromCatalogue' ? 'red.9' : undefined}
              leftSection={<ActionIconCmp size={16} aria-hidden />}
              onClick={() => onAction(action, product)}
              data-testid={`action-${action}`}
            >
              {t(`actions.${action}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
