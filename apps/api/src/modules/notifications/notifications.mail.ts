import type { Language, Notification } from '@solar/shared';
import { formatNumber, notificationHref } from '@solar/shared';
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../lib/mail-templates';
import type { JobDeps } from '../../server';
import { pgArray, rowsOf } from '../board/board.sql';
import { NOTIFICATION_COLUMNS, type NotificationRow, notificationOf } from './notifications.service';

type Texts = Record<Language, string>;

const TEXTS = {
  task_assigned: {
    en: '{actor} assigned you “{title}” ({property}).',
    de: '{actor} hat Ihnen „{title}“ zugewiesen ({property}).',
    es: '{actor} le ha asignado «{title}» ({property}).',
  },
  tasks_assigned: {
    en: '{actor} assigned you {count} records ({property}).',
    de: '{actor} hat Ihnen {count} Datensätze zugewiesen ({property}).',
    es: '{actor} le ha asignado {count} registros ({property}).',
  },
  project_assigned: {
    en: '{actor} made you the responsible person for the project {title}.',
    de: '{actor} hat Sie als verantwortliche Person für das Projekt {title} eingetragen.',
    es: '{actor} le ha nombrado responsable del proyecto {title}.',
  },
  offer_accepted: {
    en: '{customer} accepted your offer for {title} online.',
    de: '{customer} hat Ihr Angebot für {title} online angenommen.',
    es: '{customer} ha aceptado en línea su oferta para {title}.',
  },
  offer_declined: {
    en: '{customer} declined your offer for {title} online. Reason: {excerpt}',
    de: '{customer} hat Ihr Angebot für {title} online abgelehnt. Grund: {excerpt}',
    es: '{customer} ha rechazado en línea su oferta para {title}. Motivo: {excerpt}',
  },
  offer_declined_plain: {
    en: '{customer} declined your offer for {title} online.',
    de: '{customer} hat Ihr Angebot für {title} online abgelehnt.',
    es: '{customer} ha rechazado en línea su oferta para {title}.',
  },
  offer_lost: {
    en: 'The customer of {title} accepted another installer’s offer.',
    de: 'Der Kunde von {title} hat das Angebot eines anderen Installateurs angenommen.',
    es: 'El cliente de {title} ha aceptado la oferta de otro instalador.',
  },
  task_due: {
    en: '“{title}” is due today ({property}).',
    de: '„{title}“ ist heute fällig ({property}).',
    es: '«{title}» vence hoy ({property}).',
  },
  task_overdue: {
    en: '“{title}” was due yesterday and is not done yet ({property}).',
    de: '„{title}“ war gestern fällig und ist noch nicht erledigt ({property}).',
    es: '«{title}» vencía ayer y aún no está terminada ({property}).',
  },
  mentioned: {
    en: '{actor} mentioned you in “{title}”: {excerpt}',
    de: '{actor} hat Sie in „{title}“ erwähnt: {excerpt}',
    es: '{actor} le ha mencionado en «{title}»: {excerpt}',
  },
  status_changed: {
    en: '{actor} set “{title}” to {value} ({property}).',
    de: '{actor} hat „{title}“ auf {value} gesetzt ({property}).',
    es: '{actor} ha cambiado «{title}» a {value} ({property}).',
  },
  new_leads_one: {
    en: '1 new customer project came into your service area yesterday.',
    de: 'Gestern ist 1 neues Kundenprojekt in Ihr Einsatzgebiet gekommen.',
    es: 'Ayer llegó 1 nuevo proyecto de cliente a su zona de servicio.',
  },
  new_leads: {
    en: '{count} new customer projects came into your service area yesterday.',
    de: 'Gestern sind {count} neue Kundenprojekte in Ihr Einsatzgebiet gekommen.',
    es: 'Ayer llegaron {count} nuevos proyectos de clientes a su zona de servicio.',
  },
  partner_request: {
    en: 'New request from {customer} through your partner link: {title}.',
    de: 'Neue Anfrage von {customer} über Ihren Partnerlink: {title}.',
    es: 'Nueva solicitud de {customer} a través de su enlace de socio: {title}.',
  },
  someone: { en: 'Someone', de: 'Jemand', es: 'Alguien' },
  untitled: { en: 'Untitled', de: 'Ohne Titel', es: 'Sin título' },
  subjectOne: {
    en: 'Solar Partner Portal: {text}',
    de: 'Solar Partnerportal: {text}',
    es: 'Portal de socios solares: {text}',
  },
  subjectMany: {
    en: 'Solar Partner Portal: {count} new notifications',
    de: 'Solar Partnerportal: {count} neue Benachrichtigungen',
    es: 'Portal de socios solares: {count} notificaciones nuevas',
  },
  greeting: { en: 'Hello', de: 'Hallo', es: 'Hola' },
  open: { en: 'Open in the portal', de: 'Im Portal öffnen', es: 'Abrir en el portal' },
  footer: {
    en: 'You receive these e-mails because notifications by e-mail are on in your settings (Settings → Notifications).',
    de: 'Sie erhalten diese E-Mails, weil Benachrichtigungen per E-Mail in Ihren Einstellungen eingeschaltet sind (Einstellungen → Benachrichtigungen).',
    es: 'Recibe estos correos porque las notificaciones por correo están activadas en su configuración (Configuración → Notificaciones).',
  },
} satisfies Record<string, Texts>;

type MailNotification = Pick<
  Notification,
  | 'kind'
  | 'actor'
  | 'board'
  | 'recordId'
  | 'projectId'
  | 'title'
  | 'property'
  | 'count'
  | 'customerName'
  | 'excerpt'
  | 'value'
>;

/** The sentence of a notification in a language (the portal's panel says the same). */
export function notificationText(n: MailNotification, lang: Language): string {
  const actor = n.actor ? `${n.actor.firstName} ${n.actor.lastName}`.trim() : TEXTS.someone[lang];
  const texts =
    n.kind === 'new_leads' && n.count === 1
      ? TEXTS.new_leads_one
      : n.kind === 'offer_declined' && !n.excerpt
        ? TEXTS.offer_declined_plain
        : TEXTS[n.kind];
  return texts[lang]
    .replace('{actor}', actor || TEXTS.someone[lang])
    .replace('{title}', n.title || TEXTS.untitled[lang])
    .replace('{property}', n.property ?? '')
    .replace('{count}', formatNumber(n.count ?? 0, lang))
    .replace('{customer}', n.customerName ?? '')
    .replace('{excerpt}', n.excerpt ?? '')
    .replace('{value}', n.value ?? '');
}

/** Where a notification's e-mail leads: where the panel's link leads, else the board. */
export function notificationPath(n: Pick<Notification, 'kind' | 'board' | 'recordId' | 'projectId'>): string {
  return notificationHref(n) ?? (n.board === 'projects' ? '/projects' : '/tasks');
}

/** One e-mail for a reader's new notifications of one operation, in the reader's language. */
export function buildNotificationMail(opts: {
  lang: Language;
  firstName: string;
  publicUrl: string;
  notifications: readonly MailNotification[];
}) {
  const { lang, notifications } = opts;
  const lines = notifications.map((n) => ({
    text: notificationText(n, lang),
    link: `${opts.publicUrl}${notificationPath(n)}`,
  }));
  const subject =
    lines.length === 1
      ? TEXTS.subjectOne[lang].replace('{text}', lines[0]?.text ?? '')
      : TEXTS.subjectMany[lang].replace('{count}', formatNumber(lines.length, lang));
  const greeting = `${TEXTS.greeting[lang]}${opts.firstName ? ` ${opts.firstName}` : ''},`;
  const text = [
    greeting,
    '',
    ...lines.map((l) => `- ${l.text}\n  ${TEXTS.open[lang]}: ${l.link}`),
    '',
    TEXTS.footer[lang],
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<ul>',
    ...lines.map(
      (l) =>
        `<li>${escapeHtml(l.text)} <a href="${escapeHtml(l.link)}">${escapeHtml(TEXTS.open[lang])}</a></li>`,
    ),
    '</ul>',
    `<p style="color:#555;font-size:12px">${escapeHtml(TEXTS.footer[lang])}</p>`,
  ].join('');
  return { subject, text, html };
}

interface MailRow extends NotificationRow {
  user_id: string;
  email: string;
  reader_name: string;
  preferred_language: Language;
}

/**
 * Job: mails the notifications of `ids` that are still unread (read in the portal meanwhile, they
 * need no e-mail) to readers who want e-mail and can log in, one e-mail a reader.
 */
export async function sendNotificationsJob(deps: JobDeps, payload: unknown) {
  const ids = ((payload as { ids?: unknown }).ids ?? []) as number[];
  if (!Array.isArray(ids) || ids.length === 0) return;
  const rows = rowsOf<MailRow>(
    await deps.database.db.execute(sql`SELECT ${NOTIFICATION_COLUMNS},
        n.user_id, u.email, u.first_name AS reader_name, u.preferred_language
      FROM notifications n
        JOIN users u ON u.id = n.user_id
        LEFT JOIN users a ON a.id = n.actor_id
      WHERE n.id = ANY(${pgArray(ids.map(String))}::bigint[]) AND n.read_at IS NULL
        AND u.notify_by_email AND NOT u.is_disabled AND u.password_hash IS NOT NULL
        AND u.company_id = n.company_id
      ORDER BY n.id`),
  );
  const byUser = new Map<string, MailRow[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  for (const list of byUser.values()) {
    const first = list[0] as MailRow;
    const lang: Language = first.preferred_language in TEXTS.greeting ? first.preferred_language : 'de';
    const mail = buildNotificationMail({
      lang,
      firstName: first.reader_name,
      publicUrl: deps.config.PUBLIC_URL,
      notifications: list.map(notificationOf),
    });
    await deps.mailer.send({ to: first.email, ...mail });
  }
}
