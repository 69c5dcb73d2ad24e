import type { Notification, Role } from '@solar/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import {
  badgeText,
  bellLabel,
  hasNotifications,
  type NotificationsT,
  notificationContext,
  notificationExcerpt,
  notificationHref,
  notificationText,
} from './notification-text';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { de: { notifications: de }, en: { notifications: en }, es: { notifications: es } },
  lng: 'de',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
const tOf = (lang: string) => i18n.getFixedT(lang, 'notifications') as unknown as NotificationsT;

const RECORD = '5b0f4f0e-8f5c-4f8e-9d3a-1c2b3a4d5e6f';
const PROJECT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const base: Notification = {
  id: 1,
  kind: 'task_assigned',
  at: '2026-03-12T10:00:00.000Z',
  readAt: null,
  actor: { id: 'u1', firstName: 'Stefan', lastName: 'Sonne' },
  board: 'tasks',
  recordId: RECORD,
  projectId: null,
  title: 'Dach prüfen',
  property: 'Zuständig',
  count: null,
  customerName: null,
  excerpt: null,
  value: null,
};
const of = (patch: Partial<Notification>): Notification => ({ ...base, ...patch });

describe('notificationText', () => {
  it.each([
    ['de', of({}), 'Stefan Sonne hat Ihnen „Dach prüfen“ zugewiesen'],
    ['en', of({}), 'Stefan Sonne assigned you “Dach prüfen”'],
    ['es', of({}), 'Stefan Sonne le asignó «Dach prüfen»'],
    ['de', of({ kind: 'tasks_assigned', count: 3 }), 'Stefan Sonne hat Ihnen 3 Einträge zugewiesen'],
    ['en', of({ kind: 'tasks_assigned', count: 3 }), 'Stefan Sonne assigned you 3 records'],
    ['en', of({ kind: 'tasks_assigned', count: 1 }), 'Stefan Sonne assigned you 1 record'],
    ['es', of({ kind: 'tasks_assigned', count: 12 }), 'Stefan Sonne le asignó 12 registros'],
    [
      'de',
      of({ kind: 'project_assigned', title: 'Leopoldstraße 12, München' }),
      'Stefan Sonne hat Sie als verantwortliche Person für Leopoldstraße 12, München eingetragen',
    ],
    [
      'en',
      of({ kind: 'project_assigned', title: 'Leopoldstraße 12' }),
      'Stefan Sonne made you the responsible person for Leopoldstraße 12',
    ],
    [
      'de',
      of({ kind: 'offer_accepted', actor: null, customerName: 'Eva Kunde', title: 'Leopoldstraße 12' }),
      'Eva Kunde hat Ihr Angebot für Leopoldstraße 12 angenommen',
    ],
    [
      'en',
      of({ kind: 'offer_accepted', actor: null, customerName: null, title: 'Leopoldstraße 12' }),
      'The customer accepted your offer for Leopoldstraße 12',
    ],
    [
      'en',
      of({ kind: 'offer_lost', actor: null, title: 'Leopoldstraße 12' }),
      "The customer of Leopoldstraße 12 accepted another installer's offer",
    ],
    [
      'es',
      of({ kind: 'offer_lost', actor: null, title: 'Leopoldstraße 12' }),
      'El cliente de Leopoldstraße 12 aceptó la oferta de otro instalador',
    ],
    [
      'de',
      of({ kind: 'offer_declined', actor: null, customerName: 'Eva Kunde', title: 'Leopoldstraße 12' }),
      'Eva Kunde hat Ihr Angebot für Leopoldstraße 12 abgelehnt',
    ],
    [
      'en',
      of({ kind: 'offer_declined', actor: null, customerName: null, title: 'Leopoldstraße 12' }),
      'The customer declined your offer for Leopoldstraße 12',
    ],
    [
      'es',
      of({ kind: 'offer_declined', actor: null, customerName: 'Eva Kunde', title: 'Leopoldstraße 12' }),
      'Eva Kunde rechazó su oferta para Leopoldstraße 12',
    ],
    ['de', of({ kind: 'task_due', actor: null, property: 'Fällig am' }), '„Dach prüfen“ ist heute fällig'],
    ['en', of({ kind: 'task_due', actor: null }), '“Dach prüfen” is due today'],
    ['es', of({ kind: 'task_due', actor: null }), '«Dach prüfen» vence hoy'],
    ['en', of({ kind: 'task_overdue', actor: null }), '“Dach prüfen” was due yesterday and is not done yet'],
    [
      'de',
      of({ kind: 'task_overdue', actor: null }),
      '„Dach prüfen“ war gestern fällig und ist noch nicht erledigt',
    ],
    [
      'de',
      of({ kind: 'mentioned', excerpt: '@Ingo bitte prüfen' }),
      'Stefan Sonne hat Sie in „Dach prüfen“ erwähnt',
    ],
    ['en', of({ kind: 'mentioned' }), 'Stefan Sonne mentioned you in “Dach prüfen”'],
    ['es', of({ kind: 'mentioned', actor: null }), 'Alguien le mencionó en «Dach prüfen»'],
    [
      'de',
      of({ kind: 'new_leads', actor: null, count: 1 }),
      'Gestern ist 1 neues Kundenprojekt in Ihr Einsatzgebiet gekommen',
    ],
    [
      'en',
      of({ kind: 'new_leads', actor: null, count: 12 }),
      '12 new customer projects came into your service area yesterday',
    ],
    [
      'es',
      of({ kind: 'new_leads', actor: null, count: 3 }),
      'Ayer llegaron 3 nuevos proyectos de clientes a su zona de servicio',
    ],
    [
      'de',
      of({ kind: 'status_changed', property: 'Status', value: 'In Arbeit' }),
      'Stefan Sonne hat „Dach prüfen“ auf In Arbeit gesetzt',
    ],
    ['en', of({ kind: 'status_changed', value: 'Done' }), 'Stefan Sonne set “Dach prüfen” to Done'],
    ['es', of({ kind: 'status_changed', value: ' ' }), 'Stefan Sonne ha cambiado «Dach prüfen» a (vacío)'],
    [
      'de',
      of({
        kind: 'partner_request',
        actor: null,
        customerName: 'Greta Haushalt',
        title: 'Sonnenstraße 12, München',
      }),
      'Neue Anfrage von Greta Haushalt über Ihren Partnerlink: Sonnenstraße 12, München',
    ],
    [
      'en',
      of({ kind: 'partner_request', actor: null, customerName: ' Greta Haushalt ', title: '' }),
      'New request from Greta Haushalt through your partner link: Untitled',
    ],
    [
      'es',
      of({ kind: 'partner_request', actor: null, customerName: 'Greta Haushalt', title: 'Sonnenstraße 12' }),
      'Nueva solicitud de Greta Haushalt a través de su enlace de socio: Sonnenstraße 12',
    ],
  ])('%s: %o', (lang, notification, text) => {
    expect(notificationText(notification, tOf(lang))).toBe(text);
  });

  it.each([
    ['de', 'Jemand hat Ihnen „Dach prüfen“ zugewiesen'],
    ['en', 'Someone assigned you “Dach prüfen”'],
    ['es', 'Alguien le asignó «Dach prüfen»'],
  ])('%s: names nobody as "someone" when the actor is gone', (lang, text) => {
    expect(notificationText(of({ actor: null }), tOf(lang))).toBe(text);
    expect(notificationText(of({ actor: { id: 'x', firstName: ' ', lastName: '' } }), tOf(lang))).toBe(text);
  });

  it('names an untitled record', () => {
    expect(notificationText(of({ title: '  ' }), tOf('en'))).toBe('Stefan Sonne assigned you “Untitled”');
  });

  it('keeps markup in a title as text', () => {
    expect(notificationText(of({ title: '<b>Roof</b> & more' }), tOf('en'))).toBe(
      'Stefan Sonne assigned you “<b>Roof</b> & more”',
    );
  });
});

describe('notificationContext', () => {
  it.each([
    ['de', of({}), 'Zuständig · Aufgabenboard'],
    ['en', of({ board: 'projects', property: 'Bauleitung' }), 'Bauleitung · Project board'],
    ['es', of({ kind: 'tasks_assigned', count: 2 }), 'Zuständig · Tablero de tareas'],
    ['en', of({ property: null }), 'Tasks board'],
    ['de', of({ kind: 'task_due', property: 'Fällig am' }), 'Fällig am · Aufgabenboard'],
    ['en', of({ kind: 'mentioned', property: null, board: 'projects' }), 'Project board'],
    ['de', of({ kind: 'status_changed', property: 'Status' }), 'Status · Aufgabenboard'],
    ['en', of({ kind: 'project_assigned' }), null],
    ['en', of({ kind: 'offer_accepted' }), null],
  ])('%s: %o', (lang, notification, line) => {
    expect(notificationContext(notification, tOf(lang))).toBe(line);
  });
});

describe('notificationHref', () => {
  it.each([
    [of({}), `/tasks?record=${RECORD}`],
    [of({ board: 'projects', projectId: PROJECT }), `/projects?record=${RECORD}`],
    [of({ recordId: null }), '/tasks'],
    [of({ kind: 'task_due' }), `/tasks?record=${RECORD}`],
    [of({ kind: 'task_due', board: 'projects' }), `/projects?record=${RECORD}`],
    [of({ kind: 'mentioned' }), `/tasks?record=${RECORD}`],
    [of({ kind: 'status_changed', board: 'projects' }), `/projects?record=${RECORD}`],
    [of({ kind: 'tasks_assigned', recordId: null, count: 4 }), '/tasks'],
    [of({ kind: 'tasks_assigned', board: 'projects', recordId: null }), '/projects'],
    [
      of({ kind: 'project_assigned', recordId: null, projectId: PROJECT }),
      `/projectview?projectId=${PROJECT}`,
    ],
    [of({ kind: 'offer_accepted', recordId: null, projectId: PROJECT }), `/projectview?projectId=${PROJECT}`],
    [of({ kind: 'offer_lost', recordId: null, projectId: PROJECT }), `/projectview?projectId=${PROJECT}`],
    [of({ kind: 'offer_lost', recordId: null, projectId: null }), null],
    [of({ kind: 'new_leads', recordId: null, count: 4 }), '/mapview'],
    [
      of({ kind: 'partner_request', recordId: null, board: null, projectId: PROJECT }),
      `/projectview?projectId=${PROJECT}`,
    ],
  ])('%o leads to %s', (notification, href) => {
    expect(notificationHref(notification)).toBe(href);
  });
});

describe('notificationExcerpt', () => {
  it('is the mentioning line of a mention or a declined offer’s reason, and nothing else', () => {
    expect(notificationExcerpt(of({ kind: 'mentioned', excerpt: ' @Ingo bitte prüfen ' }))).toBe(
      '@Ingo bitte prüfen',
    );
    expect(notificationExcerpt(of({ kind: 'mentioned', excerpt: '  ' }))).toBeNull();
    expect(notificationExcerpt(of({ kind: 'task_assigned', excerpt: 'stray' }))).toBeNull();
    // A declined offer shows the customer's reason, when they gave one.
    expect(notificationExcerpt(of({ kind: 'offer_declined', actor: null, excerpt: ' Zu teuer ' }))).toBe(
      'Zu teuer',
    );
    expect(notificationExcerpt(of({ kind: 'offer_declined', actor: null, excerpt: null }))).toBeNull();
    expect(notificationExcerpt(of({ kind: 'offer_accepted', excerpt: 'stray' }))).toBeNull();
  });
});

describe('the badge', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('shows %i as %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it.each([
    ['de', 0, 'Benachrichtigungen'],
    ['de', 1, 'Benachrichtigungen, 1 ungelesen'],
    ['de', 3, 'Benachrichtigungen, 3 ungelesen'],
    ['de', 100, 'Benachrichtigungen, mehr als 99 ungelesen'],
    ['en', 0, 'Notifications'],
    ['en', 3, 'Notifications, 3 unread'],
    ['en', 100, 'Notifications, more than 99 unread'],
    ['es', 3, 'Notificaciones, 3 sin leer'],
  ])('%s: the bell of %i unread is named %s', (lang, count, label) => {
    expect(bellLabel(count, tOf(lang))).toBe(label);
  });
});

describe('hasNotifications', () => {
  type Partners = Parameters<typeof hasNotifications>[0]['installerPartner'];
  const company = [{ _id: 'c1' }] as Partners;
  it.each<[Role, Partners, boolean]>([
    ['INSTALLER_ADMIN', company, true],
    ['INSTALLER', company, true],
    ['INSTALLER_SALES', company, true],
    ['INSTALLER', [], false],
    ['ADMIN', company, false],
    ['CITY_ADMIN', [], false],
  ])('%s with %o companies: %s', (role, installerPartner, expected) => {
    expect(hasNotifications({ role, installerPartner })).toBe(expected);
  });
});
