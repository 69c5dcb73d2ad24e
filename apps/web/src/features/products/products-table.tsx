import { Badge, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useIsPhone } from '../../lib/use-is-phone';
import { ProductCards } from './product-cards';
import { TYPE_ICONS } from './product-meta';
import {
  detailsText,
  PriceText,
  type ProductListProps,
  RowMenu,
  selectionOf,
  TierBadge,
} from './product-row-parts';

export type { RowAction } from './product-row-parts';

/**
 * The product list: a table from 787 px; on a phone one card per product, with its name, type,
 * price, tiers and ⋮ menu in view (the table's price and menu columns were off-screen there).
 */
export function ProductsTable(props: ProductListProps) {
  const isPhone = useIsPhone();
  return isPhone ? <ProductCards {...props} /> : <WideTable {...props} />;
}

function WideTable({
  rows,
  showCompanyPrice,
  actionsFor,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  onAction,
  busy,
}: ProductListProps) {
  const { t } = useTranslation('products');
  const lang = currentLanguage();
  const { selectableRows, allSelected, someSelected } = selectionOf(rows, selectable, selected);
  const withSelection = selectableRows.length > 0;
  const withActions = rows.some((row) => actionsFor(row).length > 0);

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
                  aria-label={t(showCompanyPrice ? 'table.selectAll' : 'table.selectAllPlatform')}
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
            const actions = actionsFor(product);
            const details = detailsText(product, lang, t);
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
                  {details ? (
                    <Text size="sm" data-testid="cell-details">
                      {details}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
                {showCompanyPrice && (
                  <Table.Td ta="right" data-testid="cell-price">
                    <PriceText product={product} lang={lang} />
                  </Table.Td>
                )}
                {showCompanyPrice && (
                  <Table.Td ta="right" data-testid="cell-tiers">
                    <TierBadge product={product} lang={lang} />
                  </Table.Td>
                )}
                {withActions && (
                  <Table.Td>
                    {actions.length > 0 && (
                      <RowMenu product={product} actions={actions} onAction={onAction} />
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
