// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import appDe from '../i18n/de.json';
import { initTestI18n } from '../i18n/testing';
import { LeaveGuardHost, useDiscardGuard } from './discard-guard';

beforeAll(async () => {
  await initTestI18n('de', { de: { translation: appDe } });
});
afterEach(cleanup);

/** A page with an open dialog's form: typing makes it dirty. */
function FormPage() {
  const guard = useDiscardGuard(true, () => {});
  return (
    <>
      <input aria-label="Name" onChange={() => guard.setDirty(true)} />
      {guard.question}
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <LeaveGuardHost>
            <Outlet />
          </LeaveGuardHost>
        ),
        children: [
          { path: '/form', element: <FormPage /> },
          { path: '/other', element: <p>Andere Seite</p> },
          { path: '/login', element: <p>Anmeldung</p> },
        ],
      },
    ],
    { initialEntries: ['/other', '/form'], initialIndex: 1 },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const go = (to: string | number) =>
    act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  return { router, go };
}

describe('LeaveGuardHost', () => {
  it('lets a page change through while nothing is typed', async () => {
    const { router, go } = renderApp();
    await go('/other');
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.queryByTestId('keep-editing')).toBeNull();
  });

  it("asks the dialog's question before a link or Back leaves typed text: stay keeps it, discard goes", async () => {
    const { router, go } = renderApp();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Halb getippt' } });
    await go('/other');
    expect(await screen.findByText('Änderungen verwerfen?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByTestId('keep-editing'));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Halb getippt');

    await go(-1);
    fireEvent.click(await screen.findByTestId('discard-changes'));
    await screen.findByText('Andere Seite');
    expect(router.state.location.pathname).toBe('/other');
  });

  it('lets the same page with other parameters and the way to the login through', async () => {
    const { router, go } = renderApp();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Halb getippt' } });
    await go('/form?record=1');
    expect(router.state.location.search).toBe('?record=1');
    expect(screen.queryByTestId('keep-editing')).toBeNull();
    await go('/login');
    expect(router.state.location.pathname).toBe('/login');
  });
});
