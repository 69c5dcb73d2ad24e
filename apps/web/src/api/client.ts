import { RefreshResponse } from '@solar/shared';
import type { ZodType } from 'zod';
import { ApiError, CLIENT_MESSAGES, normaliseError } from './errors';
import { clearSession, getRefreshToken, getToken, saveRefreshedTokens } from './session-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Shared zod schema the answer must satisfy; its parsed output is returned. */
  schema?: ZodType<T>;
  /** Never refresh on 403, nor end the session on 401 (the login, logout and refresh calls themselves). */
  skipRefresh?: boolean;
  /**
   * False for a call that is no change of the company's data though not a GET (the board's presence):
   * it is not among the tab's writes (`writeActivity`), which tell the live events' echoes.
   */
  changesData?: boolean;
  /** Sent even as the page unloads (a goodbye on `pagehide`); the body must stay small. */
  keepalive?: boolean;
  /** The answer's type asked for (`Accept`); JSON unless said. */
  accept?: string;
}

export interface ApiClientConfig {
  /** Prefix of every path; `/api` in the browser. */
  baseUrl: string;
  fetch: typeof fetch;
  /** The UI language sent as Accept-Language, so the API answers messages in it. */
  getLanguage: () => string;
  /**
   * Called when the session is over: a refresh failed after a 403, or the API answered 401 (no token).
   * The app's handler tells a session that ended from a visitor who never had one.
   */
  onSessionEnded: () => void;
  /**
   * Called when a call of a current session is refused for the role (403 `forbidden`,
   * `property_schema_role` or `stage_move_role`, after the renewed token was tried too): the user's
   * role may have changed since the screen was drawn (the company's admin changed it meanwhile), so
   * the app reads the user again and the screens offer only what the role may do now. Not for
   * `GET /user` itself. The refusal is still thrown with the server's message, for the screen to show.
   */
  onForbidden: () => void;
}

const defaultConfig: ApiClientConfig = {
  baseUrl: '/api',
  fetch: (...args) => globalThis.fetch(...args),
  getLanguage: () => document.documentElement.lang || 'de',
  onSessionEnded: clearSession,
  onForbidden: () => undefined,
};

/** The API's refusals for the caller's role (403), as opposed to a rule of the record itself. */
const ROLE_REFUSALS: ReadonlySet<string> = new Set(['forbidden', 'property_schema_role', 'stage_move_role']);

function isRoleRefusal(error: ApiError): boolean {
  return error.status === 403 && error.code !== undefined && ROLE_REFUSALS.has(error.code);
}

function cancelledError(): ApiError {
  return new ApiError({ status: 0, message: CLIENT_MESSAGES.cancelled, errors: {}, cancelled: true });
}

function networkError(): ApiError {
  return new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The HTTP client of SPEC §4 and §8: JWT header, one shared refresh and one retry on 403, the session's
 * end on a failed refresh or a 401, cancellation through AbortSignal, and every failure normalised into
 * an {@link ApiError}.
 */
export function createApiClient(overrides: Partial<ApiClientConfig> = {}) {
  const config: ApiClientConfig = { ...defaultConfig, ...overrides };
  /** The refresh in flight; concurrent 403s wait for the same one. */
  let refreshing: Promise<boolean> | null = null;
  /** This tab's writes (every method but GET): the live events tell its own changes from others'. */
  const writes = { inFlight: 0, lastEndedAt: 0 };

  function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const qs = params.toString();
    return `${config.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(
    path: string,
    options: RequestOptions<unknown>,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: options.accept ?? 'application/json',
      'Accept-Language': config.getLanguage(),
    };
    if (token) headers.Authorization = `JWT ${token}`;
    const hasBody = options.body !== undefined;
    // Multipart uploads go as FormData: the browser sets the content type with its boundary.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
    if (options.signal?.aborted) throw cancelledError();
    try {
      return await config.fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      throw isAbort(error, options.signal) ? cancelledError() : networkError();
    }
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = getRefreshToken();
      if (!refreshToken) return false;
      try {
        const response = await send('/refresh', { query: { refresh_token: refreshToken } }, null);
        if (!response.ok) return false;
        const parsed = RefreshResponse.safeParse(await readBody(response));
        if (!parsed.success) return false;
        saveRefreshedTokens({ token: parsed.data.data.token, refreshToken: parsed.data.data.refresh_token });
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    if ((options.method ?? 'GET') === 'GET' || options.changesData === false) return exchange(path, options);
    writes.inFlight += 1;
    try {
      return await exchange(path, options);
    } finally {
      writes.inFlight -= 1;
      writes.lastEndedAt = Date.now();
    }
  }

  /**
   * Sends with the session's token; on 403 renews it once (one refresh for all callers) and sends
   * again; ends the session when that cannot help. Answers the server's response as it is.
   */
  async function authorized(path: string, options: RequestOptions<unknown>): Promise<Response> {
    const sentToken = getToken();
    let response = await send(path, options, sentToken);

    if (response.status === 403 && !options.skipRefresh && getRefreshToken()) {
      // A concurrent request may already have renewed the token: then only the retry is needed.
      const current = getToken();
      const renewed = current !== null && current !== sentToken ? true : await refreshSession();
      if (renewed) {
        response = await send(path, options, getToken());
      } else if (getToken() || getRefreshToken()) {
        config.onSessionEnded();
      }
    } else if (response.status === 401 && !options.skipRefresh) {
      // The API got no usable token (the 24-day login ran out, or the stored session is gone): no refresh
      // can help. The handler ends a session this tab had and ignores the rest (a public page's call).
      config.onSessionEnded();
    }
    return response;
  }

  async function exchange<T>(path: string, options: RequestOptions<T>): Promise<T> {
    const response = await authorized(path, options);
    let body: unknown;
    try {
      body = await readBody(response);
    } catch (error) {
      throw isAbort(error, options.signal) ? cancelledError() : networkError();
    }
    if (!response.ok) {
      const error = new ApiError(normaliseError(response.status, body));
      if (isRoleRefusal(error) && !options.skipRefresh && path !== '/user') {
        config.onForbidden();
      }
      throw error;
    }
    if (!options.schema) return body as T;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${path}`, parsed.error.issues);
      throw new ApiError({ status: response.status, message: CLIENT_MESSAGES.invalidResponse, errors: {} });
    }
    return parsed.data;
  }

  type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
  return {
    request,
    /** This tab's writes now: how many are in flight, and when the last one ended (ms). */
    writeActivity: (): Readonly<typeof writes> => ({ ...writes }),
    /** Changes the configuration (the app wires `onSessionEnded` and `onForbidden` at start). */
    configure(next: Partial<ApiClientConfig>) {
      Object.assign(config, next);
    },
    get: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
    /**
     * GET of an answer read as it arrives (the live events' server-sent events): the same headers,
     * token renewal and session end as every call, but the body is left to the caller. A refusal
     * is thrown as an {@link ApiError} like any other.
     */
    async stream(path: string, options: { signal?: AbortSignal; accept?: string } = {}): Promise<Response> {
      const response = await authorized(path, { ...options, method: 'GET' });
      if (response.ok && response.body) return response;
      let body: unknown;
      try {
        body = await readBody(response);
      } catch {
        body = undefined;
      }
      throw new ApiError(normaliseError(response.ok ? 502 : response.status, body));
    },
    post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(path: string, options?: Options<T> & { body?: unknown }) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client. */
export const api = createApiClient();
