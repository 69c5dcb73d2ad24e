import type { Task } from '@solar/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Company = Awaited<ReturnType<TestApp['createInstallerCompany']>>;

/** Calls and factories shared by the board's API tests; `app` gives the running test app. */
export function boardTestKit(app: () => TestApp) {
  const call = (token: string, method: Method, url: string, payload?: object, lang = 'en') =>
    app().app.inject({ method, url, headers: { ...app().auth(token), 'accept-language': lang }, payload });

  async function ok<T = unknown>(token: string, method: Method, url: string, payload?: object): Promise<T> {
    const res = await call(token, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  /** A saved project of the company on a fresh quote. */
  async function createProject(companyId: string): Promise<string> {
    const [quoteId] = await app().createQuotes(1);
    const [row] = await app().database.query<{ id: string }>(
      'INSERT INTO projects (company_id, quote_id) VALUES ($1, $2) RETURNING id',
      [companyId, quoteId],
    );
    return row?.id as string;
  }

  const createTask = async (token: string, body: object) =>
    (await ok<{ data: Task }>(token, 'POST', '/api/task/create', { board: 'tasks', ...body })).data;

  /** A company with one user of each installer role and its tasks board set up (columns, a view). */
  async function companyWithBoard(): Promise<Company> {
    const company = await app().createInstallerCompany();
    await ok(company.admin.token, 'POST', '/api/task/setup', { board: 'tasks' });
    return company;
  }

  return { call, ok, createProject, createTask, companyWithBoard };
}
