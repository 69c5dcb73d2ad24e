import { type CustomerRequest, dataOf } from '@solar/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';

/**
 * The answer of POST /api/public/quote-request. The API declares it inline (apps/api public.routes.ts);
 * it belongs in @solar/shared as `CustomerRequestResponse` once the lead moves it there.
 */
const QuoteRequestAnswer = dataOf(z.object({ shortId: z.string(), message: z.string() }));
export type QuoteRequestResult = z.infer<typeof QuoteRequestAnswer>['data'];

/** POST /api/public/quote-request (public, no token needed): the household's request becomes a quote. */
export function useQuoteRequest() {
  return useMutation({
    mutationFn: (body: CustomerRequest) =>
      api
        .post('/public/quote-request', body, { schema: QuoteRequestAnswer, skipRefresh: true })
        .then((r) => r.data),
  });
}
