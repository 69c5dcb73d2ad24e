// What the bench's helper scripts (ab.mjs, cpu-split.mjs) share to run the API as a process of its
// own on a kept bench database.

/** The API's environment on a bench database: no demo data, the bench's JWT secret, quiet logs. */
export const API_ENV = {
  SEED_DEMO: 'false',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  EMBEDDED_MAINTENANCE_MINUTES: '0',
  LOGIN_MAX_FAILURES_ADDRESS: '1000000',
};

/** Resolves once `url` answers 2xx; fails after about a minute. */
export async function waitUntilUp(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

/** A bench user's token from the API at `port` (every bench user has the bench's password). */
export async function benchToken(port, email) {
  const login = await fetch(`http://127.0.0.1:${port}/api/user/installer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-Password-2026' }),
  });
  const token = (await login.json()).data?.token;
  if (!token) throw new Error(`login ${email}: ${login.status}`);
  return token;
}
