import {
  EmailPreviewResponse,
  type EmailTemplateInput,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  type EmailTemplateUpdate,
  MessageResponse,
  type Offer,
  OfferListResponse,
  type OfferPdfRequest,
  OfferResponse,
  type SendOfferRequest,
  SendOfferResponse,
  WordTemplate,
  WordTemplateListResponse,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { ApiError, CLIENT_MESSAGES, normaliseError } from './errors';
import { projectViewKeys } from './project-view';
import { parseJson, rawHeaders, withSession } from './raw';

export const offerKeys = {
  all: ['offers'] as const,
  list: (projectId: string) => ['offers', 'list', projectId] as const,
  emailTemplates: ['offers', 'email-templates'] as const,
  wordTemplates: ['offers', 'word-templates'] as const,
};

/** The Word template upload limit (413 above it). */
export const TEMPLATE_MAX_BYTES = 20 * 1024 * 1024;

const networkError = () =>
  new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true });

/** Multipart request through XHR (upload progress); resolves with the parsed JSON body. */
function xhrSend(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<unknown> {
  const once = (token: string | null) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [key, value] of Object.entries(rawHeaders(token))) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      xhr.onerror = () => reject(networkError());
      xhr.send(form);
    });
  return withSession(once).then((result) => {
    if (result.status < 200 || result.status >= 300) {
      throw new ApiError(normaliseError(result.status, result.body));
    }
    return result.body;
  });
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: 200, message: CLIENT_MESSAGES.invalidResponse, errors: {} });
  }
  return parsed.data;
}

/** Fetches a URL that needs the JWT header as a blob. */
async function fetchBlob(url: string, init: { method?: string; body?: unknown } = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await withSession((token) =>
      fetch(url, {
        method: init.method ?? 'GET',
        headers: rawHeaders(token, init.body !== undefined),
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      }),
    );
  } catch {
    throw networkError();
  }
  if (!response.ok) throw new ApiError(normaliseError(response.status, parseJson(await response.text())));
  return response.blob();
}

/** Downloads a protected file (offer PDF, 3D model, Word template) through a temporary object URL. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const blob = await fetchBlob(url);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

// --------------------------------------------------------------------------------- offers

/** GET /api/offers?projectId=: newest version first; polls while a send is queued. */
export function useOffersQuery(projectId: string) {
  return useQuery({
    queryKey: offerKeys.list(projectId),
    queryFn: ({ signal }) =>
      api.get('/offers', { signal, query: { projectId }, schema: OfferListResponse }).then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data?.some((o: Offer) => o.sendState === 'queued') ? 2000 : false,
  });
}

export interface OfferUploadValues {
  moduleQuantity: string;
  productionCapacity: string;
  finalPrice: string;
  yearlyProduction: string;
  monthlySolarData: Record<string, number>;
  pdf: File | null;
  model: File | null;
  /** Told how much of the files has gone up (0–100). */
  onProgress?: (percent: number) => void;
}

/** POST /api/installer/storePDFdata (multipart); refreshes the project (stage) and its offers. */
export function useUploadOffer(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: OfferUploadValues) => {
      const form = new FormData();
      form.append('projectId', projectId);
      form.append('moduleQuantity', values.moduleQuantity);
      form.append('productionCapacity', values.productionCapacity);
      form.append('finalPrice', values.finalPrice);
      form.append('yearlyProduction', values.yearlyProduction);
      form.append('monthlySolarData', JSON.stringify(values.monthlySolarData));
      if (values.pdf) form.append('pdf', values.pdf, values.pdf.name);
      if (values.model) form.append('model', values.model, values.model.name);
      return parseWith(
        OfferResponse,
        await xhrSend('POST', '/api/installer/storePDFdata', form, values.onProgress),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.list(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectViewKeys.detail(projectId) });
    },
  });
}

/** POST /api/comman/installerPdf: the filled PDF (preview) as a blob. */
export function fetchOfferPdf(body: OfferPdfRequest): Promise<Blob> {
  return fetchBlob('/api/comman/installerPdf', { method: 'POST', body });
}

/** POST /api/installer/sendOfferToCustomer: 202, the offer becomes 'queued'. */
export function useSendOffer(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendOfferRequest) =>
      api.post('/installer/sendOfferToCustomer', body, { schema: SendOfferResponse }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData<Offer[]>(offerKeys.list(projectId), (current) =>
        current?.map((o) => (o._id === data.offer._id ? data.offer : o)),
      );
      void queryClient.invalidateQueries({ queryKey: offerKeys.list(projectId) });
    },
  });
}

// --------------------------------------------------------------------------------- e-mail templates

export function useEmailTemplatesQuery() {
  return useQuery({
    queryKey: offerKeys.emailTemplates,
    queryFn: ({ signal }) =>
      api.get('/email-template', { signal, schema: EmailTemplateListResponse }).then((r) => r.data),
  });
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EmailTemplateInput | EmailTemplateUpdate }) =>
      (id
        ? api.put(`/email-template/${id}`, body, { schema: EmailTemplateResponse })
        : api.post('/email-template', body, { schema: EmailTemplateResponse })
      ).then((r) => r.data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.emailTemplates }),
  });
}

/** POST /api/email-template/{id}/restore: the undo of a delete. */
export function useRestoreEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/email-template/${id}/restore`, undefined, { schema: EmailTemplateResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.emailTemplates }),
  });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/email-template/${id}`, { schema: MessageResponse }).then((r) => r.data.message),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.emailTemplates }),
  });
}

export function usePreviewEmail() {
  return useMutation({
    mutationFn: (body: { templateId?: string; subject?: string; body?: string; projectId: string }) =>
      api.post('/email-template/preview', body, { schema: EmailPreviewResponse }).then((r) => r.data),
  });
}

// --------------------------------------------------------------------------------- Word templates

const WordTemplateSaved = z.object({ data: WordTemplate, message: z.string() });

export function useWordTemplatesQuery() {
  return useQuery({
    queryKey: offerKeys.wordTemplates,
    queryFn: ({ signal }) =>
      api.get('/word-template', { signal, schema: WordTemplateListResponse }).then((r) => r.data),
  });
}

export function useUploadWordTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: string | null;
      file: File | null;
      name?: string;
      language?: string;
      onProgress?: (percent: number) => void;
    }) => {
      const form = new FormData();
      if (input.name !== undefined) form.append('name', input.name);
      if (input.language !== undefined) form.append('language', input.language);
      if (input.file) form.append('file', input.file, input.file.name);
      const url = input.id ? `/api/word-template/${input.id}` : '/api/word-template';
      return parseWith(
        WordTemplateSaved,
        await xhrSend(input.id ? 'PUT' : 'POST', url, form, input.onProgress),
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.wordTemplates }),
  });
}

export function useRenameWordTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.put(`/word-template/${id}`, { name }, { schema: WordTemplateSaved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.wordTemplates }),
  });
}

/** POST /api/word-template/{id}/restore: the undo of a delete. */
export function useRestoreWordTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/word-template/${id}/restore`, undefined, {
        schema: z.object({ message: z.string() }).passthrough(),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.wordTemplates }),
  });
}

export function useDeleteWordTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/word-template/${id}`, { schema: MessageResponse }).then((r) => r.data.message),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.wordTemplates }),
  });
}
