import { api } from './client';
import { getRefreshToken, getToken } from './session-store';

/**
 * Helpers for raw requests that the JSON client does not make (XHR uploads with progress, binary
 * downloads): the same headers, and the same one refresh and one retry on 403.
 */
export function rawHeaders(token: string | null, json = false): Record<string, string> {
  const result: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'de',
  };
  if (json) result['Content-Type'] = 'application/json';
  if (token) result.Authorization = `JWT ${token}`;
  return result;
}

/** Runs a raw request with the stored token; on a 403 lets the api client refresh once and retries. */
export async function withSession<T extends { status: number }>(
  send: (token: string | null) => Promise<T>,
): Promise<T> {
  const sent = getToken();
  const first = await send(sent);
  if (first.status !== 403 || !getRefreshToken()) return first;
  try {
    await api.get('/user');
  } catch {
    return first;
  }
  return getToken() !== sent ? send(getToken()) : first;
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
