import {
  AddBulkPriceRequest,
  CalculatorRequest,
  DeleteProductsRequest,
  DuplicateQuery,
  dataOf,
  FromDuplicateQuery,
  InstallerProductRequest,
  MessageResponse,
  PricingSettings,
  Product,
  ProductInput,
  ProductListQuery,
  ProductListResponse,
  ProductSearchQuery,
  RemoveInstallerProductRequest,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { translate, translateCount } from '../../lib/messages';
import {
  calculate,
  createProduct,
  deleteProducts,
  getPricing,
  getProduct,
  listProducts,
  removeCatalogueEntry,
  setBulkPrices,
  setCatalogueEntry,
  setPricing,
  updateProduct,
} from './products.service';

const readers = { access: ['ADMIN', 'INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;
const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;
const one = { 200: dataOf(Product) };
const Calculation = z.object({
  lines: z.array(
    z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
  ),
  componentsTotal: z.number(),
  projectFee: z.number(),
  taxAndWarranty: z.number(),
  total: z.number(),
});

/** SPEC §7 "Products and templates" at their paths (including the double slash of the update). */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product',
    { config: readers, schema: { querystring: ProductListQuery, response: { 200: ProductListResponse } } },
    async (req) => ({ data: await listProducts(req.ctx, principalOf(req), req.query) }),
  );

  app.put(
    '/product/v2',
    { config: readers, schema: { querystring: ProductSearchQuery, response: { 200: ProductListResponse } } },
    async (req) => ({ data: await listProducts(req.ctx, principalOf(req), req.query) }),
  );

  app.get(
    '/product/:installerId/:productId',
    {
      config: readers,
      schema: {
        params: z.object({ installerId: z.uuid(), productId: z.uuid() }),
        querystring: FromDuplicateQuery,
        response: one,
      },
    },
    async (req) => ({
      data: await getProduct(req.ctx, principalOf(req), req.params.installerId, req.params.productId),
    }),
  );

  app.post(
    '/product/',
    { config: readers, schema: { querystring: DuplicateQuery, body: ProductInput, response: one } },
    async (req) => ({
      data: await createProduct(req.ctx, principalOf(req), req.body, req.query.isDuplicate === 'true'),
    }),
  );

  const update = {
    config: readers,
    schema: {
      params: z.object({ id: z.uuid() }),
      querystring: DuplicateQuery,
      body: ProductInput,
      response: one,
    },
  };
  // SPEC §7 writes the path with a double slash; the single-slash form is accepted too.
  for (const path of ['/product//update/:id', '/product/update/:id']) {
    app.put(path, update, async (req) => ({
      data: await updateProduct(
        req.ctx,
        principalOf(req),
        req.params.id,
        req.body,
        req.query.isDuplicate === 'true',
      ),
    }));
  }

  app.put(
    '/product/delete',
    {
      config: readers,
      schema: {
        querystring: DuplicateQuery,
        body: DeleteProductsRequest,
        response: { 200: MessageResponse },
      },
    },
    async (req) => {
      const count = await deleteProducts(
        req.ctx,
        principalOf(req),
        req.body.deletedProducts,
        req.query.isDuplicate === 'true',
      );
      return { data: { message: translateCount('products_deleted', count, req.lang) } };
    },
  );

  app.post(
    '/product/productinstaller',
    { config: installers, schema: { body: InstallerProductRequest, response: one } },
    async (req) => ({ data: await setCatalogueEntry(req.ctx, principalOf(req), req.body, false) }),
  );

  app.put(
    '/product/updateinstaller',
    { config: installers, schema: { body: InstallerProductRequest, response: one } },
    async (req) => ({ data: await setCatalogueEntry(req.ctx, principalOf(req), req.body, true) }),
  );

  app.post(
    '/product/removeinstaller',
    {
      config: installers,
      schema: { body: RemoveInstallerProductRequest, response: { 200: MessageResponse } },
    },
    async (req) => {
      await removeCatalogueEntry(req.ctx, principalOf(req), req.body.productId);
      return { data: { message: translate('product_removed', req.lang) } };
    },
  );

  app.put(
    '/product/add-bulk-price',
    { config: installers, schema: { body: AddBulkPriceRequest, response: one } },
    async (req) => ({
      data: await setBulkPrices(req.ctx, principalOf(req), req.body.productId, req.body.bulkPrices),
    }),
  );

  app.get(
    '/product/pricing',
    { config: installers, schema: { response: { 200: dataOf(PricingSettings) } } },
    async (req) => ({ data: await getPricing(req.ctx, principalOf(req)) }),
  );
  app.put(
    '/product/pricing',
    { config: installers, schema: { body: PricingSettings, response: { 200: dataOf(PricingSettings) } } },
    async (req) => ({ data: await setPricing(req.ctx, principalOf(req), req.body) }),
  );
  app.post(
    '/product/calculate',
    { config: installers, schema: { body: CalculatorRequest, response: { 200: dataOf(Calculation) } } },
    async (req) => ({ data: await calculate(req.ctx, principalOf(req), req.body) }),
  );
};
