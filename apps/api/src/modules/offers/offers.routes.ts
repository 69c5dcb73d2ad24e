import {
  OfferListQuery,
  OfferListResponse,
  OfferPdfRequest,
  OfferResponse,
  SendOfferRequest,
  SendOfferResponse,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/auth-hook';
import { translate } from '../../lib/messages';
import { listOffers, previewOfferPdf, queueOfferMail, uploadOffer } from './offers.service';

const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Multipart: projectId, moduleQuantity, productionCapacity ("12,500" allowed), finalPrice,
   * yearlyProduction, monthlySolarData (JSON text), optional files `pdf` and `model` (.obj).
   */
  for (const url of ['/installer/storePDFdata', '/offers']) {
    app.post(url, { config: installers, schema: { response: { 200: OfferResponse } } }, async (req) => ({
      data: await uploadOffer(req.ctx, principalOf(req), req),
      message: translate('offer_uploaded', req.lang),
    }));
  }

  app.get(
    '/offers',
    { config: installers, schema: { querystring: OfferListQuery, response: { 200: OfferListResponse } } },
    async (req) => ({ data: await listOffers(req.ctx, principalOf(req), req.query.projectId, req.lang) }),
  );

  /** The offer's PDF from a Word template (preview; application/pdf). */
  app.post(
    '/comman/installerPdf',
    { config: installers, schema: { body: OfferPdfRequest } },
    async (req, reply) => {
      const { pdf, shortId } = await previewOfferPdf(req.ctx, principalOf(req), req.body);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `inline; filename="offer-${encodeURIComponent(shortId)}.pdf"`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(pdf);
    },
  );

  /** Queues the offer e-mail with the PDF attached; 202 'offer_queued'. */
  for (const url of ['/installer/sendOfferToCustomer', '/email/sendOfferMail', '/installer/sendEmail']) {
    app.post(
      url,
      { config: installers, schema: { body: SendOfferRequest, response: { 202: SendOfferResponse } } },
      async (req, reply) => {
        const offer = await queueOfferMail(req.ctx, principalOf(req), req.body, req.lang);
        return reply.code(202).send({ data: { message: translate('offer_queued', req.lang), offer } });
      },
    );
  }
};
