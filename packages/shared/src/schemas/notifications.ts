import { z } from 'zod';

/**
 * What a notification tells its reader (docs/notifications.md):
 * - `task_assigned`: someone put the reader into a person property of a board record;
 * - `tasks_assigned`: the same for more records at once (a bulk edit, a paste, an import): one entry
 *   with their `count`;
 * - `project_assigned`: someone made the reader the responsible person of a saved project;
 * - `offer_accepted`: the customer accepted the company's offer online (to the responsible person and
 *   the company's admins);
 * - `offer_declined`: the customer declined the company's offer online (to the responsible person and
 *   the company's admins; `excerpt`: the customer's reason, if given);
 * - `offer_lost`: the customer of a project accepted another company's offer;
 * - `task_due`: a record the reader is in (a person property) is due today (a date property: `property`);
 * - `task_overdue`: such a record was due yesterday and is still not done;
 * - `mentioned`: someone wrote `@First Last` of the reader into a record's notes (`excerpt`: that line);
 * - `new_leads`: `count` customer projects came into the company's service area the day before (to
 *   the admins and sales people);
 * - `status_changed`: someone set the status (`property`) of a record the reader is in (a person
 *   property) to `value`;
 * - `partner_request`: a household asked for an offer through the company's partner link, which made
 *   the project (`title`: its address; `customerName`; to the admins and sales people).
 */
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'tasks_assigned',
  'project_assigned',
  'offer_accepted',
  'offer_declined',
  'offer_lost',
  'task_due',
  'task_overdue',
  'mentioned',
  'new_leads',
  'status_changed',
  'partner_request',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  /** When it was made (ISO 8601). */
  at: z.string(),
  /** When the reader marked it read, or null while unread. */
  readAt: z.string().nullable(),
  /** Who did it: null for the customer (offers) or a deleted user. */
  actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The board of a record's notification. */
  board: z.enum(['tasks', 'projects']).nullable(),
  /** The board record (`task_assigned`, `task_due`), or null. */
  recordId: z.string().nullable(),
  /** The saved project (`project_assigned`, offers; a record of /projects has one too), or null. */
  projectId: z.string().nullable(),
  /** The record's name or the project's address, as it was then. */
  title: z.string(),
  /** The person property's name (`task_assigned`, `tasks_assigned`), or the date property's (`task_due`). */
  property: z.string().nullable(),
  /** How many records (`tasks_assigned`) or new customer projects (`new_leads`). */
  count: z.number().int().nullable(),
  /** The customer who accepted (`offer_accepted`), declined (`offer_declined`) or asked (`partner_request`). */
  customerName: z.string().nullable(),
  /** The line of the notes that mentions the reader (`mentioned`), or the customer's reason (`offer_declined`). */
  excerpt: z.string().nullable(),
  /** The new value, as its option is called (`status_changed`: the status). */
  value: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /notification: the reader's notifications, newest first, keyset pages on the id. */
export const NotificationQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Only the unread ones. */
  unread: z
    .enum(['true', 'false'], { error: 'invalid_value' })
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationQuery = z.input<typeof NotificationQuery>;

export const NotificationListResponse = z.object({
  data: z.object({
    docs: z.array(Notification),
    nextCursor: z.number().int().nullable(),
    /** Unread notifications in all (the badge). */
    unread: z.number().int(),
  }),
});
export type NotificationList = z.infer<typeof NotificationListResponse>['data'];

/** GET /notification/unread: the badge's count alone, asked now and then. */
export const NotificationUnreadResponse = z.object({ data: z.object({ unread: z.number().int() }) });

/**
 * PUT /notification/read: marks the reader's notifications read: some (`ids`), every one (`all: true`),
 * or those of a record or a project the reader has just opened (`recordId`, `projectId`).
 */
export const NotificationReadRequest = z
  .object({
    ids: z.array(z.number().int().positive()).max(100).optional(),
    all: z.literal(true).optional(),
    recordId: z.uuid().optional(),
    projectId: z.uuid().optional(),
  })
  .refine(
    (body) =>
      body.all === true ||
      (body.ids?.length ?? 0) > 0 ||
      body.recordId !== undefined ||
      body.projectId !== undefined,
    { path: ['ids'], error: 'required' },
  );
export type NotificationReadRequest = z.infer<typeof NotificationReadRequest>;

/**
 * Where a notification leads in the portal, for the panel's links and the e-mail's: the record's
 * drawer on its board (`?record=`), the board, the map, or the project view; null when there is
 * nothing to open (a project that was not named).
 */
export function notificationHref(
  notification: Pick<Notification, 'kind' | 'board' | 'recordId' | 'projectId'>,
): string | null {
  const board = notification.board === 'projects' ? '/projects' : '/tasks';
  switch (notification.kind) {
    case 'task_assigned':
    case 'task_due':
    case 'task_overdue':
    case 'mentioned':
    case 'status_changed':
      return notification.recordId ? `${board}?record=${encodeURIComponent(notification.recordId)}` : board;
    case 'tasks_assigned':
      return board;
    case 'new_leads':
      // The map shows the customer projects around the company.
      return '/mapview';
    default:
      return notification.projectId
        ? `/projectview?projectId=${encodeURIComponent(notification.projectId)}`
        : null;
  }
}
