import { dataOf, LocalCheckoutSession, PlanningFile, Subscription } from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saveBlob } from '../lib/save-file';
import { api } from './client';
import { ApiError, CLIENT_MESSAGES, normaliseError } from './errors';
import { rawHeaders, withSession } from './raw';

export type PlanningFileKind = 'obj' | 'pvsol';

/** Query keys of plans, payments and planning-file downloads. */
export const planKeys = {
  subscription: ['plans', 'subscription'] as const,
  files: (quoteId: string) => ['plans', 'files', quoteId] as const,
  localCheckout: (id: string) => ['plans', 'local-checkout', id] as const,
};

/** GET /api/payments/list-subscription: plan, extras, renewal and this month's usage (installer roles). */
export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: planKeys.subscription,
    queryFn: ({ signal }) =>
      api.get('/payments/list-subscription', { signal, schema: dataOf(Subscription) }).then((r) => r.data),
    enabled,
  });
}

const IdResponse = dataOf(z.object({ id: z.string() }));
const CheckoutResponse = dataOf(z.object({ id: z.string(), url: z.string() }));

/**
 * Premium checkout: POST /api/payments/create-price for the monthly amount with the extras, then
 * POST /api/payments/create-checkout-session; answers the provider's checkout URL.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (input: { monthlyCents: number; obj: number; pvsol: number }) => {
      const price = await api.post(
        '/payments/create-price',
        {
          unit_amount: input.monthlyCents,
          currency: 'eur',
          recurring: { interval: 'month' },
          product_data: { name: 'premium' },
          metadata: { obj: input.obj, pvsol: input.pvsol },
        },
        { schema: IdResponse },
      );
      const origin = window.location.origin;
      const session = await api.post(
        '/payments/create-checkout-session',
        {
          priceId: price.data.id,
          successUrl: `${origin}/profile?checkout=success`,
          cancelUrl: `${origin}/profile?checkout=cancel`,
          metadata: { obj: input.obj, pvsol: input.pvsol },
        },
        { schema: CheckoutResponse },
      );
      return session.data;
    },
  });
}

/**
 * POST /api/payments/cancel-subscription (Premium ends at its period's end instead of renewing) or
 * /resume-subscription (takes that back); answers the subscription. INSTALLER_ADMIN only.
 */
export function useSetPlanCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      api
        .post(`/payments/${cancel ? 'cancel' : 'resume'}-subscription`, undefined, {
          schema: dataOf(Subscription),
        })
        .then((r) => r.data),
    onSuccess: (subscription) => queryClient.setQueryData(planKeys.subscription, subscription),
    // A refusal (cancelled meanwhile in another tab, the period over) shows the plan as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: planKeys.subscription }),
  });
}

const LocalSession = dataOf(LocalCheckoutSession);

/** GET /api/payments/local-checkout/{id}: the local test provider's checkout session. */
export function useLocalCheckout(id: string | null) {
  return useQuery({
    queryKey: planKeys.localCheckout(id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get(`/payments/local-checkout/${encodeURIComponent(id ?? '')}`, { signal, schema: LocalSession })
        .then((r) => r.data),
    enabled: id !== null,
  });
}

/**
 * POST /api/payments/local-checkout/{id}/complete: confirms the test payment. A 409 (paid already,
 * expired, or the plan is already in force) reloads the session, so the page shows its state.
 */
export function useCompleteLocalCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api
        .post(`/payments/local-checkout/${encodeURIComponent(id)}/complete`, undefined, {
          schema: dataOf(Subscription),
        })
        .then((r) => r.data),
    onSuccess: (subscription) => queryClient.setQueryData(planKeys.subscription, subscription),
    onError: (_error, id) => {
      void queryClient.invalidateQueries({ queryKey: planKeys.localCheckout(id) });
      void queryClient.invalidateQueries({ queryKey: planKeys.subscription });
    },
  });
}

/** GET /api/product/product-obj-files?quoteId=: the planning files of a quote with the `downloaded` flag. */
export function usePlanningFiles(quoteId: string) {
  return useQuery({
    queryKey: planKeys.files(quoteId),
    queryFn: ({ signal }) =>
      api
        .get('/product/product-obj-files', {
          signal,
          query: { quoteId },
          schema: dataOf(z.array(PlanningFile)),
        })
        .then((r) => r.data),
  });
}

const DownloadResponse = dataOf(
  z.object({ url: z.string(), name: z.string(), counted: z.boolean(), subscription: Subscription }),
);

/** Fetches a file of the API (`/api/...` URL) with the JWT header as a blob (one refresh on 403). */
export async function fetchFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await withSession((token) => fetch(url, { headers: rawHeaders(token), signal }));
  } catch {
    throw new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw new ApiError(normaliseError(response.status, body));
  }
  return response.blob();
}

/**
 * A planning-file download (SPEC §7): PUT /api/user/downloadupdate decides and counts, then the file is
 * fetched with the JWT header and saved. Rejects with the API's 402/404 errors.
 */
export function useDownloadPlanningFile(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: PlanningFileKind) => {
      const answer = await api.put('/user/downloadupdate', { quoteId, kind }, { schema: DownloadResponse });
      const blob = await fetchFileBlob(answer.data.url);
      saveBlob(blob, answer.data.name);
      return answer.data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(planKeys.subscription, data.subscription);
      void queryClient.invalidateQueries({ queryKey: planKeys.files(quoteId) });
    },
  });
}
