// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './client';
import { ApiError, normaliseError } from './errors';
import { clearSession, getRefreshToken, getToken, saveLogin } from './session-store';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch double that records calls and answers through `handler`. */
function fakeFetch(handler: Handler) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    return handler(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const refreshCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/refresh');

beforeEach(() => {
  clearSession();
  document.documentElement.lang = 'en';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('api client headers', () => {
  it('sends the JWT and the UI language when a token is stored', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: 'München' });
    const { fetch, calls } = fakeFetch(() => json(200, { data: { ok: true } }));
    const api = createApiClient({ fetch });

    await expect(api.get('/user')).resolves.toEqual({ data: { ok: true } });
    expect(calls[0]?.url.pathname).toBe('/api/user');
    expect(calls[0]?.headers.Authorization).toBe('JWT access-1');
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
  });

  it('sends no Authorization header without a token, and JSON bodies with their content type', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { data: {} }));
    const api = createApiClient({ fetch, getLanguage: () => 'es' });

    await api.post('/user/forgot-password', { email: 'a@b.test' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.headers['Accept-Language']).toBe('es');
  });

  it('treats a login older than 24 days as logged out', () => {
    vi.useFakeTimers();
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    expect(getToken()).toBe('access-1');
    vi.advanceTimersByTime(24 * 24 * 60 * 60 * 1000 + 1);
    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});

describe('refresh on 403', () => {
  it('refreshes once, stores the new pair and retries the request with the new token', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url.pathname === '/api/refresh') {
        expect(url.searchParams.get('refresh_token')).toBe('refresh-token-0001');
        return json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'JWT new'
        ? json(200, { data: 'ok' })
        : json(403, { status: 403, message: 'Session ended' });
    });
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch, onSessionEnded });

    await expect(api.get('/user')).resolves.toEqual({ data: 'ok' });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/user', '/api/refresh', '/api/user']);
    expect(getToken()).toBe('new');
    expect(getRefreshToken()).toBe('refresh-token-0002');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 403s', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { fetch, calls } = fakeFetch(async (url, init) => {
      if (url.pathname === '/api/refresh') {
        await refreshGate;
        return json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'JWT new'
        ? json(200, { data: url.pathname })
        : json(403, { status: 403, message: 'x' });
    });
    const api = createApiClient({ fetch });

    const requests = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(refreshCalls(calls)).toHaveLength(1));
    releaseRefresh();
    await expect(requests).resolves.toEqual([{ data: '/api/a' }, { data: '/api/b' }, { data: '/api/c' }]);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('retries only once: a second 403 passes on without another refresh', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const { fetch, calls } = fakeFetch((url) =>
      url.pathname === '/api/refresh'
        ? json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } })
        : json(403, { status: 403, message: 'Not allowed' }),
    );
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch, onSessionEnded });

    const error = await api.get('/installer/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Not allowed' });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.url.pathname === '/api/installer/users')).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(getToken()).toBe('new');
  });

  it('passes a 403 on untouched when no refresh token is stored', async () => {
    const { fetch, calls } = fakeFetch(() => json(403, { status: 403, message: 'Forbidden' }));
    const api = createApiClient({ fetch });

    await expect(api.get('/user')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(refreshCalls(calls)).toHaveLength(0);
  });

  it('ends the session when the refresh fails', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const { fetch, calls } = fakeFetch((url) =>
      url.pathname === '/api/refresh'
        ? json(403, { status: 403, message: 'Refresh token revoked' })
        : json(403, { status: 403, message: 'Session ended' }),
    );
    const onSessionEnded = vi.fn(clearSession);
    const api = createApiClient({ fetch, onSessionEnded });

    await expect(api.get('/user')).rejects.toMatchObject({ status: 403, message: 'Session ended' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/user')).toHaveLength(1);
  });

  it('never refreshes for calls that opt out (logout)', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const { fetch, calls } = fakeFetch(() => json(403, { status: 403, message: 'x' }));
    const api = createApiClient({ fetch });

    await expect(api.post('/user/logout', {}, { skipRefresh: true })).rejects.toMatchObject({ status: 403 });
    expect(refreshCalls(calls)).toHaveLength(0);
  });
});

describe('failures without an answer', () => {
  it("throws 'Request cancelled' (flagged cancelled) when the signal aborts", async () => {
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ fetch });
    const controller = new AbortController();

    const pending = api.get('/saved-project/installer/search', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Request cancelled', cancelled: true });
  });

  it("throws 'Request cancelled' without calling fetch when the signal is already aborted", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch });

    await expect(api.get('/user', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      message: 'Request cancelled',
      cancelled: true,
    });
    expect(calls).toHaveLength(0);
  });

  it("throws 'Server error' when no response arrives", async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createApiClient({ fetch });

    await expect(api.get('/user')).rejects.toMatchObject({
      message: 'Server error',
      cancelled: false,
      network: true,
    });
  });
});

describe('answers', () => {
  it('normalises an error envelope into status, message and first message per field', async () => {
    const { fetch } = fakeFetch(() =>
      json(400, {
        status: 400,
        message: 'Invalid input',
        errors: { email: 'invalid_email', 'users.0.role': 'Missing role' },
      }),
    );
    const api = createApiClient({ fetch });

    await expect(api.post('/installer/userAceess/x', {})).rejects.toMatchObject({
      status: 400,
      message: 'Invalid input',
      errors: { email: 'invalid_email', 'users.0.role': 'Missing role' },
    });
  });

  it('validates a success answer with the shared schema', async () => {
    const { fetch } = fakeFetch(() => json(200, { data: { n: '3' } }));
    const api = createApiClient({ fetch });
    const schema = z.object({ data: z.object({ n: z.coerce.number() }) });

    await expect(api.get('/x', { schema })).resolves.toEqual({ data: { n: 3 } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.get('/x', { schema: z.object({ data: z.string() }) })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('normaliseError', () => {
  it.each([
    [
      'envelope',
      404,
      { status: 404, message: 'Not found' },
      { status: 404, message: 'Not found', errors: {} },
    ],
    ['default message', 500, {}, { status: 500, message: 'Error', errors: {} }],
    ['blank message', 418, { message: '  ' }, { status: 418, message: 'Error', errors: {} }],
    ['text body', 502, 'Bad gateway', { status: 502, message: 'Error', errors: {} }],
    [
      'first message of each field',
      400,
      { message: 'Invalid', errors: { email: ['required', 'invalid_email'], name: 'too long', x: [] } },
      { status: 400, message: 'Invalid', errors: { email: 'required', name: 'too long' } },
    ],
    [
      'status from the envelope',
      0,
      { status: 429, message: 'Slow down' },
      { status: 429, message: 'Slow down', errors: {} },
    ],
    [
      'the reason code',
      402,
      { status: 402, message: 'Please select premuim plan', code: 'premium_required' },
      { status: 402, message: 'Please select premuim plan', errors: {}, code: 'premium_required' },
    ],
  ])('%s', (_name, status, body, expected) => {
    expect(normaliseError(status, body)).toEqual(expected);
  });
});

describe("the tab's writes (the live events' echoes)", () => {
  it('counts every method but GET, and not a call that changes no data', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { fetch } = fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const api = createApiClient({ fetch });
    const write = api.put('/task/update/1', { notes: 'x' });
    expect(api.writeActivity().inFlight).toBe(1);
    answer(json(200, { data: {} }));
    await write;
    expect(api.writeActivity()).toEqual({ inFlight: 0, lastEndedAt: expect.any(Number) });
    const ended = api.writeActivity().lastEndedAt;

    const presence = api.put('/presence', { board: 'tasks' }, { changesData: false });
    expect(api.writeActivity().inFlight).toBe(0);
    answer(json(200, { data: {} }));
    await presence;
    expect(api.writeActivity().lastEndedAt).toBe(ended);
  });
});

describe('a stream (the live events)', () => {
  const streamBody = () => new Response(new ReadableStream(), { status: 200 });

  it('sends the JWT, the UI language and the accepted type, and leaves the body to the caller', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: 'München' });
    const { fetch, calls } = fakeFetch(() => streamBody());
    const api = createApiClient({ fetch, getLanguage: () => 'es' });
    const response = await api.stream('/events', { accept: 'text/event-stream' });
    expect(response.bodyUsed).toBe(false);
    expect(calls[0]?.url.pathname).toBe('/api/events');
    expect(calls[0]?.headers).toMatchObject({
      Authorization: 'JWT access-1',
      'Accept-Language': 'es',
      Accept: 'text/event-stream',
    });
  });

  it('renews an expired token once and opens the stream with the new one', async () => {
    saveLogin({ token: 'old-token', refreshToken: 'refresh-token-0001', city: 'München' });
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url.pathname === '/api/refresh') {
        return json(200, { data: { token: 'new-token', refresh_token: 'refresh-token-0002' } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'JWT old-token' ? json(403, { status: 403, message: 'Session ended' }) : streamBody();
    });
    const api = createApiClient({ fetch });
    await api.stream('/events');
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.at(-1)?.headers.Authorization).toBe('JWT new-token');
    expect(getToken()).toBe('new-token');
  });

  it('throws a refusal the renewal cannot help as an ApiError, and ends the session', async () => {
    saveLogin({ token: 'old-token', refreshToken: 'refresh-token-0001', city: 'München' });
    const onSessionEnded = vi.fn();
    const { fetch } = fakeFetch((url) =>
      url.pathname === '/api/refresh' ? json(401, {}) : json(403, { status: 403, message: 'Session ended' }),
    );
    const api = createApiClient({ fetch, onSessionEnded });
    await expect(api.stream('/events')).rejects.toMatchObject({ status: 403, message: 'Session ended' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
});

describe('a refusal for the role', () => {
  it('asks the app to read the user again after a 403 forbidden that the renewed token did not help', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const { fetch } = fakeFetch((url) =>
      url.pathname === '/api/refresh'
        ? json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } })
        : json(403, { status: 403, message: 'Dazu sind Sie nicht berechtigt', code: 'forbidden' }),
    );
    const onForbidden = vi.fn();
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch, onForbidden, onSessionEnded });

    await expect(api.put('/saved-project/delete', { deletedProjects: ['x'] })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('does so for the board columns of a role that may not change them, not for other refusals', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const codes: Record<string, string> = {
      '/api/task/property/create': 'property_schema_role',
      '/api/email-template/x': 'template_read_only',
      '/api/user': 'forbidden',
    };
    const { fetch } = fakeFetch((url) =>
      url.pathname === '/api/refresh'
        ? json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } })
        : json(403, { status: 403, message: 'No', code: codes[url.pathname] }),
    );
    const onForbidden = vi.fn();
    const api = createApiClient({ fetch, onForbidden, onSessionEnded: vi.fn() });

    await expect(api.post('/task/property/create', {})).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    await expect(api.put('/email-template/x', {})).rejects.toMatchObject({ status: 403 });
    // The user's own read never asks for itself again.
    await expect(api.get('/user')).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('does so for a stage move the role may not make, and the refusal keeps its message for the screen', async () => {
    saveLogin({ token: 'old', refreshToken: 'refresh-token-0001', city: null });
    const message = 'Ihre Rolle darf ein Projekt nicht von Akquise nach Angebot abgegeben verschieben';
    const { fetch } = fakeFetch((url) =>
      url.pathname === '/api/refresh'
        ? json(200, { data: { token: 'new', refresh_token: 'refresh-token-0002' } })
        : url.pathname === '/api/matched/p1'
          ? json(400, { status: 400, message: 'Nicht erlaubt', code: 'stage_move_refused' })
          : json(403, { status: 403, message, code: 'stage_move_role' }),
    );
    const onForbidden = vi.fn();
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch, onForbidden, onSessionEnded });

    await expect(
      api.put('/saved-project/update/p1', { projectStatus: 'OFFER_PROVIDED' }),
    ).rejects.toMatchObject({ status: 403, code: 'stage_move_role', message });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    // A move the pipeline itself does not allow (400) is no refusal for the role.
    await expect(api.put('/matched/p1', { projectStatus: 'PROJECT_REALIZED' })).rejects.toMatchObject({
      status: 400,
      code: 'stage_move_refused',
    });
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});
