// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { TaskTemplate } from '@solar/shared';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initBoardI18n } from '../../lib/test-i18n';
import { TemplateCard } from './template-card';

beforeAll(initBoardI18n);

afterEach(() => cleanup());

function template(taskCount: number): TaskTemplate {
  return {
    _id: '6f1c2a52-7c8e-4b7a-9a51-0d1f2b3c4d5e',
    name: 'Aufgabenvorlage 1',
    userId: null,
    companyName: 'Sonnenbau GmbH',
    tasks: Array.from({ length: taskCount }, (_, i) => ({
      taskName: `Aufgabe ${i}`,
      notes: '',
      properties: {},
    })),
    quoteID: null,
    createdAt: '2026-12-02T16:40:00.000Z',
  };
}

function renderCard(taskCount: number) {
  render(
    <MantineProvider>
      <TemplateCard
        template={template(taskCount)}
        canLoad
        loading={false}
        onLoad={vi.fn()}
        onRename={vi.fn()}
        onDelete={vi.fn()}
      />
    </MantineProvider>,
  );
}

describe('TemplateCard task count', () => {
  it.each([
    ['de', '1 Aufgabe', '3 Aufgaben'],
    ['en', '1 task', '3 tasks'],
    ['es', '1 tarea', '3 tareas'],
  ])('counts one task in the singular and more in the plural (%s)', async (lng, one, three) => {
    await i18next.changeLanguage(lng);
    renderCard(1);
    expect(screen.getByText(one, { exact: true })).toBeTruthy();
    cleanup();
    renderCard(3);
    expect(screen.getByText(three, { exact: true })).toBeTruthy();
  });
});
