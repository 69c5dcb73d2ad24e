import {
  type BulkPrice,
  dataOf,
  MessageResponse,
  PRICING_STRATEGIES,
  type PRODUCT_TYPES,
  PricingSettings,
  Product,
  type ProductInput,
  ProductListResponse,
} from '@solar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

export type ProductType = (typeof PRODUCT_TYPES)[number];
export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];
export type ProductListPage = z.infer<typeof ProductListResponse>['data'];

export interface ProductSearchParams {
  query: string;
  type?: ProductType;
  /** Only products in the caller's catalogue. */
  inCatalogue: boolean;
  page: number;
  limit: number;
}

export interface CalculatorBody {
  components: { productId: string; quantity: number }[];
  /** The project the offer is for: the API takes the distance to it when none is given. */
  projectId?: string;
  kwp?: number;
  distanceKm?: number;
}

const ProductResponse = dataOf(Product);
const PricingResponse = dataOf(PricingSettings);
/** The answer of POST /api/product/calculate (the shared `calculateOffer` result). */
const CalculationResponse = dataOf(
  z.object({
    lines: z.array(
      z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
    ),
    componentsTotal: z.number(),
    projectFee: z.number(),
    taxAndWarranty: z.number(),
    total: z.number(),
  }),
);
export type OfferCalculationResult = z.infer<typeof CalculationResponse>['data'];

/** Query keys of the product area; invalidate `productKeys.all` after any catalogue change. */
export const productKeys = {
  all: ['products'] as const,
  search: (params: ProductSearchParams) => ['products', 'search', params] as const,
  pricing: ['products', 'pricing'] as const,
  calculate: (body: CalculatorBody) => ['products', 'calculate', body] as const,
};

/** PUT /api/product/v2: platform products plus the company's own, filtered by text, type and catalogue. */
export function useProductSearch(params: ProductSearchParams, enabled = true) {
  return useQuery({
    queryKey: productKeys.search(params),
    queryFn: ({ signal }): Promise<ProductListPage> =>
      api
        .put('/product/v2', undefined, {
          signal,
          schema: ProductListResponse,
          query: {
            query: params.query.trim() || undefined,
            type: params.type,
            inCatalogue: params.inCatalogue ? 'true' : undefined,
            page: params.page,
            limit: params.limit,
          },
        })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export interface CatalogueEntryBody {
  productId: string;
  price: number;
  bulkPrices: BulkPrice[];
}

/** POST /api/product/productinstaller: adds a product to the company's catalogue at its price. */
export function useAddToCatalogue() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CatalogueEntryBody) =>
      api.post('/product/productinstaller', body, { schema: ProductResponse }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** PUT /api/product/updateinstaller: changes the company's price and bulk tiers of a catalogue product. */
export function useUpdateCatalogueEntry() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: CatalogueEntryBody) =>
      api.put('/product/updateinstaller', body, { schema: ProductResponse }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** POST /api/product/removeinstaller: takes a product out of the company's catalogue. */
export function useRemoveFromCatalogue() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (productId: string) =>
      api.post('/product/removeinstaller', { productId }, { schema: MessageResponse }),
    onSuccess: invalidate,
  });
}

/** PUT /api/product/add-bulk-price: replaces the bulk tiers of a catalogue product. */
export function useSetBulkPrices() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: { productId: string; bulkPrices: BulkPrice[] }) =>
      api.put('/product/add-bulk-price', body, { schema: ProductResponse }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** `?isDuplicate=true` for a company's own product; without it (ADMIN) the platform's list. */
const duplicateQuery = (own: boolean) => (own ? { isDuplicate: 'true' } : undefined);

/** POST /api/product/?isDuplicate=true (own product) or POST /api/product/ (ADMIN: platform product). */
export function useCreateProduct(own: boolean) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: ProductInput) =>
      api
        .post('/product/', body, { schema: ProductResponse, query: duplicateQuery(own) })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** PUT /api/product//update/{id}?isDuplicate=true (the double slash is the SPEC's path). */
export function useUpdateProduct(own: boolean) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductInput }) =>
      api
        .put(`/product//update/${id}`, body, { schema: ProductResponse, query: duplicateQuery(own) })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** PUT /api/product/delete?isDuplicate=true {deletedProducts}. */
export function useDeleteProducts(own: boolean) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put(
        '/product/delete',
        { deletedProducts: ids },
        { schema: MessageResponse, query: duplicateQuery(own) },
      ),
    onSuccess: invalidate,
  });
}

/** GET /api/product/pricing: the company's pricing strategy. */
export function usePricingQuery(enabled = true) {
  return useQuery({
    queryKey: productKeys.pricing,
    queryFn: ({ signal }) =>
      api.get('/product/pricing', { signal, schema: PricingResponse }).then((r) => r.data),
    enabled,
  });
}

/** PUT /api/product/pricing (INSTALLER_ADMIN). */
export function useUpdatePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingSettings) =>
      api.put('/product/pricing', body, { schema: PricingResponse }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(productKeys.pricing, data);
      void queryClient.invalidateQueries({ queryKey: ['products', 'calculate'] });
    },
  });
}

/** POST /api/product/calculate, as a query so the panel follows its inputs live. */
export function useOfferCalculation(body: CalculatorBody | null) {
  return useQuery({
    queryKey: productKeys.calculate(body ?? { components: [] }),
    queryFn: ({ signal }): Promise<OfferCalculationResult> =>
      api.post('/product/calculate', body, { signal, schema: CalculationResponse }).then((r) => r.data),
    enabled: body !== null && body.components.length > 0,
    placeholderData: keepPreviousData,
  });
}

export { PRICING_STRATEGIES };
