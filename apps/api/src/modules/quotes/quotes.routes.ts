import {
  BBox,
  ChangeRequest,
  ChangeRequestCreate,
  ChangeRequestListQuery,
  dataOf,
  FilterDataResponse,
  IdParams,
  MAP_DEFAULT_ZOOM,
  MapViewRequest,
  MapViewResponse,
  MapZoom,
  MessageResponse,
  Quote,
  QuoteFilters,
  QuoteListQuery,
  QuoteListResponse,
  QuoteSearchGetQuery,
  QuoteTotalResponse,
  QuoteUpdateRequest,
  snapToTiles,
} from '@solar/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { sendKept } from '../../lib/kept-body';
import { translate } from '../../lib/messages';
import { sendWrittenAnswer } from '../../lib/response-serializer';
import { findFilterData, findMapPoints } from './quotes.repository';
import { scopeFor } from './quotes.scope';
import { cachedMapBody } from './quotes.search';
import {
  createChangeRequest,
  getQuote,
  keptTotalQuotes,
  listChangeRequests,
  listQuotes,
  reopenChangeRequest,
  resolveChangeRequest,
  totalQuotes,
  updateQuote,
} from './quotes.service';

const everyone = { access: 'any' } as const;
const installers = ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] as const;

/** Splits the GET reading's query into paging and filters. */
function splitQuery(q: z.infer<typeof QuoteSearchGetQuery>) {
  const { page, limit, sortColumn, sortOrder, ...filters } = q;
  return { paging: { page, limit, sortColumn, sortOrder }, filters };
}

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSchema = { response: { 200: QuoteListResponse } };

  // The answer is written as JSON text, its quotes as PostgreSQL wrote them (decision 0022).
  const sendList = (req: FastifyRequest, reply: FastifyReply, answer: string) =>
    sendWrittenAnswer(req, reply, QuoteListResponse, answer);
  // SPEC §7 gives the list as a PUT (filters in the body) and as a GET (filters in the query).
  app.put(
    '/quote/installer/search',
    { config: everyone, schema: { ...listSchema, querystring: QuoteListQuery, body: QuoteFilters } },
    async (req, reply) =>
      sendList(req, reply, await listQuotes(req.ctx, principalOf(req), req.body, req.query)),
  );
  app.get(
    '/quote/installer/search',
    { config: everyone, schema: { ...listSchema, querystring: QuoteSearchGetQuery } },
    async (req, reply) => {
      const { paging, filters } = splitQuery(req.query);
      return sendList(req, reply, await listQuotes(req.ctx, principalOf(req), filters, paging));
    },
  );

  // Sent as bytes kept while the data stands still, compressed once (cachedMapBody, sendKept): up
  // to 50,000 points, whose schema check on every answer would cost more than the query. Built from
  // the typed repository. With a zoom, the box is widened to whole tiles so that a map moved a little
  // asks for a kept answer.
  const mapView = async (
    req: FastifyRequest,
    reply: FastifyReply,
    bbox: z.infer<typeof BBox> | undefined,
    filters: z.infer<typeof QuoteFilters>,
    zoom: number | undefined,
  ) => {
    const scope = scopeFor(principalOf(req));
    const box = bbox && zoom !== undefined ? snapToTiles(bbox, zoom) : bbox;
    const at = zoom ?? MAP_DEFAULT_ZOOM;
    const body = await cachedMapBody(req.ctx.database.db, [scope, filters, box ?? null, at], async () => ({
      data: await findMapPoints(req.ctx.database.db, scope, filters, box, at, req.ctx.config.MAP_POINT_LIMIT),
    }));
    return sendKept(req, reply, body);
  };
  app.post(
    '/quote/installer/map-view',
    { config: everyone, schema: { body: MapViewRequest, response: { 200: MapViewResponse } } },
    async (req, reply) => mapView(req, reply, req.body.bbox, req.body.filters ?? {}, req.body.zoom),
  );
  app.get(
    '/quote/installer/map-view',
    {
      config: everyone,
      schema: {
        querystring: QuoteSearchGetQuery.extend({
          minLat: z.coerce.number().min(-90).max(90).optional(),
          maxLat: z.coerce.number().min(-90).max(90).optional(),
          minLng: z.coerce.number().min(-180).max(180).optional(),
          maxLng: z.coerce.number().min(-180).max(180).optional(),
          zoom: MapZoom.optional(),
        }),
        response: { 200: MapViewResponse },
      },
    },
    async (req, reply) => {
      const { minLat, maxLat, minLng, maxLng, zoom, ...rest } = req.query;
      const bbox =
        minLat !== undefined && maxLat !== undefined && minLng !== undefined && maxLng !== undefined
          ? BBox.parse({ minLat, maxLat, minLng, maxLng })
          : undefined;
      return mapView(req, reply, bbox, splitQuery({ ...rest }).filters, zoom);
    },
  );

  const filterData = async (req: FastifyRequest) => ({
    data: await findFilterData(req.ctx.database.db, scopeFor(principalOf(req))),
  });
  const filterDataSchema = { response: { 200: FilterDataResponse } };
  app.post('/quote/installer/filter-data', { config: everyone, schema: filterDataSchema }, filterData);
  app.get('/quote/installer/filter-data', { config: everyone, schema: filterDataSchema }, filterData);

  const totalSchema = { response: { 200: QuoteTotalResponse } };
  // A count and a flag, always far under the compression threshold: these routes go without
  // @fastify/compress's onSend hook, which would only measure the answer to leave it as it is.
  app.post(
    '/quote/installer/total',
    { config: everyone, compress: false, schema: { ...totalSchema, body: QuoteFilters.optional() } },
    async (req) => ({ data: await totalQuotes(req.ctx, principalOf(req), req.body ?? {}) }),
  );
  app.get(
    '/quote/installer/total',
    { config: everyone, compress: false, schema: { ...totalSchema, querystring: QuoteSearchGetQuery } },
    (req) => {
      const { filters } = splitQuery(req.query);
      // Kept totals go out in this turn: no promise, so none of the work every promise costs
      // while the tenant slot's AsyncLocalStorage is on (decision 0015).
      const me = principalOf(req);
      const kept = keptTotalQuotes(req.ctx, me, filters);
      if (kept) return { data: kept };
      return totalQuotes(req.ctx, me, filters).then((data) => ({ data }));
    },
  );

  app.get(
    '/quote/:id',
    { config: everyone, schema: { params: IdParams, response: { 200: dataOf(Quote) } } },
    async (req) => ({ data: await getQuote(req.ctx, principalOf(req), req.params.id) }),
  );

  // Quote update: ADMIN only (planning status, verification, marks); both readings.
  const updateOpts = {
    config: { access: ['ADMIN'] as const },
    schema: { body: QuoteUpdateRequest, response: { 200: dataOf(Quote) } },
  };
  const update = async (req: FastifyRequest<{ Body: z.infer<typeof QuoteUpdateRequest> }>) => ({
    data: await updateQuote(req.ctx, principalOf(req), req.body),
  });
  app.put('/quote/update', updateOpts, update);
  app.post('/quote/update', updateOpts, update);

  app.post(
    '/quote/:id/change-request',
    {
      config: { access: installers },
      schema: { params: IdParams, body: ChangeRequestCreate, response: { 200: dataOf(ChangeRequest) } },
    },
    async (req) => ({ data: await createChangeRequest(req.ctx, principalOf(req), req.params.id, req.body) }),
  );
  app.get(
    '/change-requests',
    {
      config: { access: ['ADMIN'] },
      schema: {
        querystring: ChangeRequestListQuery,
        response: { 200: dataOf(z.object({ docs: z.array(ChangeRequest) })) },
      },
    },
    async (req) => ({ data: { docs: await listChangeRequests(req.ctx, req.query.status) } }),
  );
  app.put(
    '/change-requests/:id/resolve',
    { config: { access: ['ADMIN'] }, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await resolveChangeRequest(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('change_request_resolved', req.lang) } };
    },
  );
  app.put(
    '/change-requests/:id/reopen',
    { config: { access: ['ADMIN'] }, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (req) => {
      await reopenChangeRequest(req.ctx, principalOf(req), req.params.id);
      return { data: { message: translate('change_request_reopened', req.lang) } };
    },
  );
};
