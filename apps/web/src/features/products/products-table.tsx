import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Menu,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatEuro, formatNumber, type Language, type Product } from '@solar/shared';
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
import { currentLanguage } from '../../i18n';
import { type DetailKey, KEY_DETAILS, TYPE_ICONS } from './product-meta';

export type RowAction =
  | 'addToCatalogue'
  | 'editPrice'
  | 'removeFromCatalogue'
  | 'duplicate'
  | 'edit'
  | 'delete';

interface ProductsTableProps {
  rows: Product[];
  /** The company columns (price, tiers); off for ADMIN, who keeps the platform list. */
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
      return `${formatNumber(value, lang)} W`;
    case 'capacityKwh':
      return `${formatNumber(value, lang, digits)} kWh`;
    case 'efficiencyPct':
      return `${formatNumber(value, lang, digits)} %`;
    case 'warrantyYears':
      return t('details.warranty', { count: value, n: formatNumber(value, lang) });
  }
}

const ACTION_ICONS = {
  addToCatalogue: IconShoppingCartPlus,
  editPrice: IconCurrencyEuro,
  removeFromCatalogue: IconBookmarkMinus,
  duplicate: IconCopy,
  edit: IconPencil,
  delete: IconTrash,
} as const;

/** The product table; it scrolls inside itself on small screens. */
export function ProductsTable({
  rows,
  showCompanyPrice,
  actionsFor,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  onAction,
  busy,
}: ProductsTableProps) {
  const { t } = useTranslation('products');
  const lang = currentLanguage();
  const selectableRows = rows.filter(selectable);
  const withSelection = selectableRows.length > 0;
  const withActions = rows.some((row) => actionsFor(row).length > 0);
  const allSelected = withSelection && selectableRows.every((row) => selected.has(row._id));
  const someSelected = selectableRows.some((row) => selected.has(row._id));

  return (
    <Table.ScrollContainer minWidth={showCompanyPrice ? 960 : 760} type="native" pos="relative">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
        data-testid="products-table"
      >
        <Table.Thead>
          <Table.Tr>
            {withSelection && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('table.selectAll')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={onToggleAll}
                />
              </Table.Th>
            )}
            <Table.Th>{t('table.name')}</Table.Th>
            <Table.Th>{t('table.manufacturer')}</Table.Th>
            <Table.Th>{t('table.type')}</Table.Th>
            <Table.Th>{t('table.details')}</Table.Th>
            {showCompanyPrice && <Table.Th ta="right">{t('table.price')}</Table.Th>}
            {showCompanyPrice && <Table.Th ta="right">{t('table.tiers')}</Table.Th>}
            {withActions && (
              <Table.Th w={60}>
                <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((product) => {
            const Icon = TYPE_ICONS[product.type];
            const entry = product.installerProduct;
            const actions = actionsFor(product);
            const details = KEY_DETAILS[product.type]
              .map((key) => ({ key, value: product.details[key] }))
              .filter((d): d is { key: DetailKey; value: number } => typeof d.value === 'number');
            return (
              <Table.Tr
                key={product._id}
                data-testid="product-row"
                data-product-id={product._id}
                bg={selected.has(product._id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {withSelection && (
                  <Table.Td>
                    {selectable(product) && (
                      <Checkbox
                        aria-label={t('table.select', { name: product.name })}
                        checked={selected.has(product._id)}
                        onChange={() => onToggle(product._id)}
                        data-testid="row-select"
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td maw={280}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600} data-testid="cell-name">
                      {product.name}
                    </Text>
                    {product.isDuplicate && (
                      <Badge size="xs" variant="light" color="grape" data-testid="own-badge">
                        {t('table.own')}
                      </Badge>
                    )}
                    {product.subtype === 'micro-inverter' && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('form.microInverter')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{product.manufacturer || '–'}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Icon size={16} aria-hidden />
                    <Text size="sm">{t(`types.${product.type}`)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {details.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  ) : (
                    <Text size="sm" data-testid="cell-details">
                      {details.map((d) => formatDetail(d.key, d.value, lang, t)).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                {showCompanyPrice && (
                  <Table.Td ta="right" data-testid="cell-price">
                    {entry ? (
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatEuro(entry.price, lang, Number.isInteger(entry.price) ? 0 : 2)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('table.notInCatalogue')}
                      </Text>
                    )}
                  </Table.Td>
                )}
                {showCompanyPrice && (
                  <Table.Td ta="right" data-testid="cell-tiers">
                    {entry && entry.bulkPrices.length > 0 ? (
                      <Tooltip
                        multiline
                        label={entry.bulkPrices
                          .map((tier) =>
                            t('table.tierLine', {
                              min: formatNumber(tier.minQuantity, lang),
                              price: formatEuro(tier.price, lang, Number.isInteger(tier.price) ? 0 : 2),
                            }),
                          )
                          .join('\n')}
                        style={{ whiteSpace: 'pre-line' }}
                      >
                        <Badge variant="light" tabIndex={0}>
                          {t('table.tierCount', { count: entry.bulkPrices.length })}
                        </Badge>
                      </Tooltip>
                    ) : (
                      <Text size="sm" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                )}
                {withActions && (
                  <Table.Td>
                    {actions.length > 0 && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
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
                                color={
                                  action === 'delete' || action === 'removeFromCatalogue' ? 'red' : undefined
                                }
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
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
