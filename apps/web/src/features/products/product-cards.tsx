import { Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { TYPE_ICONS } from './product-meta';
import {
  detailsText,
  PriceText,
  type ProductListProps,
  RowMenu,
  selectionOf,
  TierBadge,
} from './product-row-parts';

/**
 * The product list on a phone (under 787 px): one card per product, nothing off-screen. The name
 * and the ⋮ menu head the card, then type and manufacturer, the key details, and the company's
 * price with its bulk tiers. The same test ids as the table's rows and cells.
 */
export function ProductCards({
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

  return (
    <Stack
      gap="xs"
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      data-testid="products-cards"
    >
      {selectableRows.length > 0 && (
        <Checkbox
          label={t(showCompanyPrice ? 'table.selectAll' : 'table.selectAllPlatform')}
          checked={allSelected}
          indeterminate={someSelected && !allSelected}
          onChange={onToggleAll}
        />
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
        {rows.map((product) => {
          const Icon = TYPE_ICONS[product.type];
          const actions = actionsFor(product);
          const details = detailsText(product, lang, t);
          const isSelected = selected.has(product._id);
          return (
            <Paper
              key={product._id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid="product-row"
              data-product-id={product._id}
            >
              <Stack gap={6}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {selectable(product) && (
                    <Checkbox
                      mt={2}
                      aria-label={t('table.select', { name: product.name })}
                      checked={isSelected}
                      onChange={() => onToggle(product._id)}
                      data-testid="row-select"
                    />
                  )}
                  <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="cell-name">
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
                  {actions.length > 0 && (
                    <RowMenu product={product} actions={actions} onAction={onAction} size="lg" />
                  )}
                </Group>
                <Group gap={6} wrap="nowrap" c="dimmed">
                  <Icon size={16} aria-hidden />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t(`types.${product.type}`)}
                    {product.manufacturer ? ` · ${product.manufacturer}` : ''}
                  </Text>
                </Group>
                {details && (
                  <Text size="sm" data-testid="cell-details">
                    {details}
                  </Text>
                )}
                {showCompanyPrice && (
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap={6} wrap="nowrap" data-testid="cell-price">
                      <Text size="sm" c="dimmed">
                        {t('table.price')}
                      </Text>
                      <PriceText product={product} lang={lang} />
                    </Group>
                    {/* The table's dash for "no tiers" sits under its column heading; a card has no
                        heading to explain a lone dash, so it shows the badge only when there are tiers. */}
                    {(product.installerProduct?.bulkPrices?.length ?? 0) > 0 && (
                      <div data-testid="cell-tiers">
                        <TierBadge product={product} lang={lang} />
                      </div>
                    )}
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
