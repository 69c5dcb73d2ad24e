import {
  Alert,
  Badge,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { CONSTANTS, formatNumber, type Product } from '@solar/shared';
import { IconPlus, IconSearch, IconSearchOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteProducts, useProductSearch, useRemoveFromCatalogue } from '../../api/products';
import { currentLanguage } from '../../i18n';
import { PageTitle } from '../../layout/page-title';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { OfferCalculator } from './offer-calculator';
import { PriceModal } from './price-modal';
import { PricingCard } from './pricing-card';
import { ProductFormModal, type ProductFormMode } from './product-form-modal';
import { ProductsTable, type RowAction } from './products-table';
import { type TypeFilter, TypeTabs } from './type-tabs';

const PAGE_SIZE = 25;
const CATALOGUE_EDITORS = new Set(['INSTALLER_ADMIN', 'INSTALLER_SALES']);
const INSTALLER_ROLES = new Set(['INSTALLER_ADMIN', 'INSTALLER_SALES', 'INSTALLER']);

type Confirm = { kind: 'delete'; ids: string[] } | { kind: 'remove'; product: Product } | null;

function TableSkeleton() {
  return (
    <Stack gap={6} aria-hidden>
      <Skeleton height={38} />
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  );
}

/** /product: the platform's products and the company's catalogue with prices, pricing and a calculator. */
export function ProductPage() {
  const { t } = useTranslation('products');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  const lang = currentLanguage();

  const isAdmin = user.role === 'ADMIN';
  const isInstaller = INSTALLER_ROLES.has(user.role);
  const canEditCatalogue = CATALOGUE_EDITORS.has(user.role);
  /** ADMIN edits the platform list; installer editors their company's own products. */
  const canEditProducts = isAdmin || canEditCatalogue;

  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, CONSTANTS.addressSearchDebounceMs);
  const [onlyCatalogue, setOnlyCatalogue] = useState(false);
  const [page, setPage] = useState(1);

  const params = {
    query: debouncedSearch,
    type: type === 'all' ? undefined : type,
    inCatalogue: isInstaller && onlyCatalogue,
    page,
    limit: PAGE_SIZE,
  };
  const query = useProductSearch(params);
  const rows = query.data?.docs ?? [];
  const pagination = query.data?.pagination;
  // The page shown was emptied (its last products deleted here or by a colleague): go to the last
  // page that has products, rather than an empty state without pagination while others exist.
  const lastPage = Math.max(1, pagination?.totalPages ?? 1);
  const pageGone = pagination !== undefined && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pageGone) setPage(lastPage);
  }, [pageGone, lastPage]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [priceFor, setPriceFor] = useState<Product | null>(null);
  const [formMode, setFormMode] = useState<ProductFormMode | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const deleteProducts = useDeleteProducts(!isAdmin);
  const removeFromCatalogue = useRemoveFromCatalogue();

  /** The products the caller may delete: the company's own, or (ADMIN) the platform's. */
  const deletable = (p: Product) => (isAdmin ? !p.isDuplicate : canEditCatalogue && p.isDuplicate);
  const selectedIds = rows.filter((row) => selected.has(row._id) && deletable(row)).map((row) => row._id);

  const actionsFor = (p: Product): RowAction[] => {
    if (isAdmin) return p.isDuplicate ? [] : ['edit', 'delete'];
    if (!canEditCatalogue) return [];
    const actions: RowAction[] = [];
    if (p.installerProduct) actions.push('editPrice');
    else actions.push('addToCatalogue');
    if (p.isDuplicate) actions.push('edit');
    else actions.push('duplicate');
    if (p.installerProduct && !p.isDuplicate) actions.push('removeFromCatalogue');
    if (p.isDuplicate) actions.push('delete');
    return actions;
  };

  const onAction = (action: RowAction, p: Product) => {
    switch (action) {
      case 'addToCatalogue':
      case 'editPrice':
        setPriceFor(p);
        return;
      case 'duplicate':
        setFormMode({ kind: 'duplicate', source: p });
        return;
      case 'edit':
        setFormMode({ kind: 'edit', product: p });
        return;
      case 'delete':
        setConfirm({ kind: 'delete', ids: [p._id] });
        return;
      case 'removeFromCatalogue':
        setConfirm({ kind: 'remove', product: p });
        return;
    }
  };

  const changeFilter = (fn: () => void) => {
    fn();
    setPage(1);
    setSelected(new Set());
  };

  const hasFilters = Boolean(debouncedSearch.trim()) || type !== 'all' || onlyCatalogue;
  const resetFilters = () =>
    changeFilter(() => {
      setSearch('');
      setType('all');
      setOnlyCatalogue(false);
    });

  const onConfirm = () => {
    if (!confirm) return;
    if (confirm.kind === 'delete') {
      deleteProducts.mutate(confirm.ids, {
        onSuccess: () => {
          notifySuccess(t('toast.deleted', { count: confirm.ids.length }));
          setSelected((current) => {
            const next = new Set(current);
            for (const id of confirm.ids) next.delete(id);
            return next;
          });
          setConfirm(null);
        },
        onError: (error) => notifyError(error, tApp),
      });
    } else {
      removeFromCatalogue.mutate(confirm.product._id, {
        onSuccess: () => {
          notifySuccess(t('toast.removed'));
          setConfirm(null);
        },
        onError: (error) => notifyError(error, tApp),
      });
    }
  };

  let content: React.ReactNode;
  if (query.isPending || pageGone || (query.isPlaceholderData && rows.length === 0)) {
    content = (
      <div role="status" aria-live="polite" data-testid="products-loading">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <TableSkeleton />
      </div>
    );
  } else if (query.isError && rows.length === 0) {
    content = (
      <Alert color="red" variant="light" title={t('loadFailed')} role="alert" data-testid="products-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={<IconSearchOff size={28} />}
        variant="light"
        title={t('empty')}
        description={
          hasFilters ? t('emptyFiltered') : canEditProducts ? t('emptyNoneEditor') : t('emptyNoneReader')
        }
        data-testid="products-empty"
      >
        {hasFilters ? (
          <Button variant="light" onClick={resetFilters}>
            {t('filters.reset')}
          </Button>
        ) : (
          canEditProducts && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setFormMode({ kind: 'create' })}
            >
              {isAdmin ? t('newPlatformProduct') : t('newProduct')}
            </Button>
          )
        )}
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="sm">
        <ProductsTable
          rows={rows}
          showCompanyPrice={isInstaller}
          actionsFor={actionsFor}
          selectable={deletable}
          selected={selected}
          onToggle={(id) =>
            setSelected((current) => {
              const next = new Set(current);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onToggleAll={() =>
            setSelected((current) => {
              const candidates = rows.filter(deletable);
              return candidates.every((row) => current.has(row._id))
                ? new Set()
                : new Set(candidates.map((row) => row._id));
            })
          }
          onAction={onAction}
          busy={query.isPlaceholderData}
        />
        {pagination && pagination.totalPages > 1 && (
          <Group justify="center">
            <Pagination
              total={pagination.totalPages}
              value={page}
              onChange={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
              getControlProps={(control) => ({
                'aria-label': t(`pagination.${control}`),
              })}
              getItemProps={(n) => ({ 'aria-label': t('pagination.page', { n }) })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <PageTitle>{t('title')}</PageTitle>
          <Text c="dimmed">{isAdmin ? t('subtitleAdmin') : t('subtitle')}</Text>
        </div>
        {canEditProducts && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setFormMode({ kind: 'create' })}
            data-testid="new-product"
          >
            {isAdmin ? t('newPlatformProduct') : t('newProduct')}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <TypeTabs value={type} onChange={(value) => changeFilter(() => setType(value))} />
          <Group gap="md" align="center" wrap="wrap">
            <TextInput
              flex="1 1 240px"
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSectionPointerEvents="all"
              rightSection={
                search ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('filters.clear')}
                    onClick={() => changeFilter(() => setSearch(''))}
                  />
                ) : null
              }
              value={search}
              onChange={(e) => {
                const value = e.currentTarget.value;
                changeFilter(() => setSearch(value));
              }}
              data-testid="product-search"
            />
            {isInstaller && (
              <Switch
                mt={{ base: 0, xs: 24 }}
                label={t('filters.onlyCatalogue')}
                checked={onlyCatalogue}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  changeFilter(() => setOnlyCatalogue(checked));
                }}
                data-testid="only-catalogue"
              />
            )}
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between" gap="sm" mih={36}>
        <Text fw={600} aria-live="polite" data-testid="products-total">
          {pagination
            ? t('total', { count: pagination.total, n: formatNumber(pagination.total, lang) })
            : '\u00a0'}
        </Text>
        {selectedIds.length > 0 && (
          <Group gap="sm">
            <Badge variant="light" size="lg" data-testid="selected-count">
              {t('selected', { count: selectedIds.length })}
            </Badge>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirm({ kind: 'delete', ids: selectedIds })}
              aria-haspopup="dialog"
              data-testid="delete-selected"
            >
              {t('deleteSelected')}
            </Button>
          </Group>
        )}
      </Group>

      {content}

      {isInstaller && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <PricingCard canEdit={user.role === 'INSTALLER_ADMIN'} />
          <OfferCalculator />
        </SimpleGrid>
      )}

      <PriceModal product={priceFor} onClose={() => setPriceFor(null)} />
      <ProductFormModal mode={formMode} own={!isAdmin} onClose={() => setFormMode(null)} />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm?.kind === 'remove'
            ? t('confirm.removeTitle')
            : t('confirm.deleteTitle', { count: confirm?.kind === 'delete' ? confirm.ids.length : 0 })
        }
        size="sm"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="lg">
          <Text>
            {confirm?.kind === 'remove'
              ? t('confirm.removeText', { name: confirm.product.name })
              : // A platform product leaves every company's catalogue too, not just a list of the admin's.
                t(isAdmin ? 'confirm.deleteTextPlatform' : 'confirm.deleteText', {
                  count: confirm?.kind === 'delete' ? confirm.ids.length : 0,
                })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={onConfirm}
              loading={deleteProducts.isPending || removeFromCatalogue.isPending}
              data-testid="confirm-delete"
            >
              {confirm?.kind === 'remove' ? t('confirm.remove') : t('confirm.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
