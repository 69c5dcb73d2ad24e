// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { clearSession, STORAGE_KEYS, saveLogin } from '../../api/session-store';

const endSession = vi.hoisted(() => vi.fn());
vi.mock('../../app/session-end', () => ({ endSession }));

const { useCurrentUser, useSession } = await import('./session');

const cachedUser = {
  user: { _id: 'u1', email: 'owner@sonnenbau.test', role: 'INSTALLER_ADMIN', installerPartner: ['c1'] },
  installerDetails: null,
};

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>crashed: {this.state.error}</p> : this.props.children;
  }
}

/** A form under the guard: typing re-renders it, which is when a run-out login is noticed. */
function PhoneForm() {
  const { user } = useCurrentUser();
  const session = useSession();
  const [phone, setPhone] = useState('');
  return (
    <div>
      <p>user: {user.email}</p>
      <p>status: {session.status}</p>
      <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
    </div>
  );
}

function renderWith(client: QueryClient, node: ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <Boundary>
        <Suspense fallback={<p>waiting</p>}>{node}</Suspense>
      </Boundary>
    </QueryClientProvider>,
  );
}

let client: QueryClient;
beforeEach(() => {
  clearSession();
  endSession.mockClear();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.restoreAllMocks();
});

describe('a login that runs out while a screen is open', () => {
  it('keeps the screen (no crash) and ends the session once the screen re-renders', () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    client.setQueryData(queryKeys.currentUser, cachedUser);
    renderWith(client, <PhoneForm />);
    expect(screen.getByText('status: authenticated')).toBeTruthy();
    expect(endSession).not.toHaveBeenCalled();

    // The 24-day limit passes: nothing announces it.
    window.localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() - 1000));
    fireEvent.change(screen.getByLabelText('phone'), { target: { value: '0' } });

    expect(screen.queryByText(/crashed/)).toBeNull();
    expect(screen.getByText('user: owner@sonnenbau.test')).toBeTruthy();
    expect(screen.getByText('status: ended')).toBeTruthy();
    expect(endSession).toHaveBeenCalled();
  });

  it('waits (suspends) instead of crashing when no user is left at all', () => {
    renderWith(client, <PhoneForm />);
    expect(screen.queryByText(/crashed/)).toBeNull();
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('calls a visitor without a session anonymous, not ended', () => {
    function Status() {
      return <p>status: {useSession().status}</p>;
    }
    renderWith(client, <Status />);
    expect(screen.getByText('status: anonymous')).toBeTruthy();
    expect(endSession).not.toHaveBeenCalled();
  });
});
