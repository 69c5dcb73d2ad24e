import { authHeaders, expect as baseExpect, DEMO, loginAs, test } from '../fixtures/auth';

const expect = baseExpect.configure({ timeout: 30_000 });

const STAGES = [
  'ACQUISITION',
  'OFFER_PROVIDED',
  'INSTALLER_SIGNED',
  'PROJECT_REALIZED',
  'OFFER_NOT_ACCEPTED',
];

interface Stats {
  counts: Record<string, number>;
  pipelineValue: number;
  conversionRate: number;
  monthly: { month: string; created: number; signed: number }[];
}

test.describe('dashboard', () => {
  test.beforeEach(() => test.slow());

  test('the stage counts, value and months equal the API figures', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    // Other browser tests move this company's projects at the same time, so the screen and the API
    // are read back to back and compared; a move in between makes the block run again.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('stage-count-ACQUISITION')).toHaveAttribute('data-value', /^\d+$/);
      const shown: Record<string, string | null> = {};
      for (const stage of STAGES) {
        shown[stage] = await page.getByTestId(`stage-count-${stage}`).getAttribute('data-value');
      }
      const totalText = await page.getByTestId('kpi-total-value').textContent();
      const valueText = await page.getByTestId('kpi-pipeline-value-value').textContent();
      const conversionText = await page.getByTestId('kpi-conversion-value').textContent();
      const lastMonthLabel = await page
        .getByTestId('monthly-chart')
        .getByRole('listitem')
        .last()
        .getAttribute('aria-label');
      const res = await page.request.get('/api/dashboard/stats', { headers: authHeaders(token) });
      expect(res.status()).toBe(200);
      const fresh = (await res.json()).data as Stats;
      for (const stage of STAGES) expect(shown[stage]).toBe(String(fresh.counts[stage]));
      const total = STAGES.reduce((sum, s) => sum + (fresh.counts[s] ?? 0), 0);
      expect(totalText).toBe(total.toLocaleString('en-US'));
      expect(valueText).toBe(`€${Math.round(fresh.pipelineValue).toLocaleString('en-US')}`);
      expect(conversionText).toBe(`${(fresh.conversionRate * 100).toFixed(1)}%`);
      const lastMonth = fresh.monthly[11];
      expect(lastMonthLabel).toMatch(
        new RegExp(`: ${lastMonth?.created} created, ${lastMonth?.signed} signed$`),
      );
    }).toPass({ timeout: 60_000 });

    // Chart: one labelled group per month; the same numbers as a table.
    const chart = page.getByTestId('monthly-chart');
    await expect(chart.getByRole('listitem')).toHaveCount(12);
    const lastLabel = (await chart.getByRole('listitem').last().getAttribute('aria-label')) ?? '';
    const lastCreated = /: (\d+) created/.exec(lastLabel)?.[1];
    expect(lastCreated).toBeDefined();
    await page.getByTestId('monthly-toggle-table').click();
    const rows = page.getByTestId('monthly-table').locator('tbody tr');
    await expect(rows).toHaveCount(12);
    await expect(rows.last().locator('td').first()).toHaveText(String(lastCreated));

    // A stage card opens the listing filtered to that stage.
    await page.getByTestId('stage-card-INSTALLER_SIGNED').click();
    await expect(page).toHaveURL(/\/listing\?stage=INSTALLER_SIGNED/);
    await expect(page.getByTestId('listing-totals')).toContainText(/\d+ projects?/);
    await expect(async () => {
      const res = await page.request.get('/api/dashboard/stats', { headers: authHeaders(token) });
      const fresh = (await res.json()).data as Stats;
      const text = (await page.getByTestId('listing-totals').textContent()) ?? '';
      if (!text.includes(`${fresh.counts.INSTALLER_SIGNED} project`)) {
        await page.reload();
        await expect(page.getByTestId('listing-totals')).toContainText(
          `${fresh.counts.INSTALLER_SIGNED} project`,
          { timeout: 5_000 },
        );
      }
    }).toPass({ timeout: 60_000 });
  });

  test('German numbers and labels', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    await expect(page.getByRole('heading', { name: 'Projekte je Phase' })).toBeVisible();
    await expect(page.getByTestId('kpi-pipeline-value-value')).toHaveText(/^[\d.]+\u00a0€$/);
  });

  test('ADMIN has no company: a clear card with links, no error', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/dashboard', 'en');
    const card = page.getByTestId('dashboard-no-company');
    await expect(card).toContainText("The dashboard shows a company's pipeline");
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Go to the map listing' })).toHaveAttribute(
      'href',
      '/mapview',
    );
    await expect(card.getByRole('link', { name: 'Go to the project listing' })).toHaveAttribute(
      'href',
      '/listing',
    );
  });
});
