import { z } from 'zod';
import { CONSTANTS, INSTALLER_ROLES, LANGUAGES, PARTNER_TIERS, ROLES } from '../enums';
import { dataOf, Pagination } from './common';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(254)
  .pipe(z.email({ error: 'invalid_email' }));
/**
 * A phone number as people write it: digits with spaces and + ( ) - / . between them, at least three
 * digits; empty is allowed (the fields are optional). Letters and other signs are a mistake.
 */
export const Phone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || (/^[+\d\s()./-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 3), {
    error: 'invalid_phone',
  });
/** A postal code of any country: letters and digits, with spaces or hyphens between (80802, SW1A 1AA). */
export const PostalCode = z
  .string()
  .trim()
  .max(20)
  .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(v), { error: 'invalid_postal_code' });
/** An EU VAT number: the country's two letters, then its digits and letters (DE123456789); spaces are ignored. */
export const VatId = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || /^[A-Za-z]{2}[0-9A-Za-z+*.]{1,13}$/.test(v.replace(/[\s.-]/g, '')), {
    error: 'invalid_vat_id',
  });
export const Password = z
  .string()
  .min(CONSTANTS.passwordMinLength, { error: 'password_too_short' })
  .max(256, { error: 'password_too_long' });

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, { error: 'required' }).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordParams = z.object({ adminToken: z.string().min(16).max(200) });
export const ResetPasswordRequest = z.object({ password: Password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
/** A password set by a link: the message, and the account's e-mail for the login that follows. */
export const ResetPasswordResponse = z.object({ data: z.object({ message: z.string(), email: z.string() }) });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

export const RefreshQuery = z.object({ refresh_token: z.string().min(16).max(200) });
export const LogoutRequest = z.object({ refresh_token: z.string().min(16).max(200).optional() });

/** The company an installer user belongs to (SPEC §3 "installerPartner", first item). */
export const InstallerPartner = z.object({
  _id: z.uuid(),
  companyName: z.string(),
  partnerSlug: z.string().nullable(),
  partnerTier: z.enum(PARTNER_TIERS),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceRadiusKm: z.number(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  vatId: z.string(),
  description: z.string(),
});
export type InstallerPartner = z.infer<typeof InstallerPartner>;

export const InstallerDetails = InstallerPartner.extend({
  constants: z.object({ freeDownloadCount: z.number().int() }),
});
export type InstallerDetails = z.infer<typeof InstallerDetails>;

export const User = z.object({
  _id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  preferredLanguage: z.enum(LANGUAGES),
  installerPartner: z.array(InstallerPartner),
  companyName: z.string().nullable(),
  partnerSlug: z.string().nullable(),
  installerCity: z.string().nullable(),
  /** Set once the user has chosen a password (false for a pending invitation). */
  isActive: z.boolean(),
  /** When the user finished or skipped the first-login tour; null until then (installer roles see it). */
  onboardedAt: z.string().nullable().default(null),
  /** Whether a new notification is also sent by e-mail (docs/notifications.md). */
  notifyByEmail: z.boolean().default(true),
});
export type User = z.infer<typeof User>;

/** PUT /user/onboarding: `done` ends the first-login tour, `false` shows it again (the help page). */
export const OnboardingRequest = z.object({ done: z.boolean() });

export const LoginResponse = z.object({
  data: z.object({
    token: z.string(),
    refresh_token: z.string(),
    user: User,
    installerDetails: InstallerDetails.nullable(),
  }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshResponse = z.object({ data: z.object({ token: z.string(), refresh_token: z.string() }) });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const CurrentUserResponse = z.object({
  data: z.object({ user: User, installerDetails: InstallerDetails.nullable() }),
});
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

export const PersonalDetailsRequest = z.object({
  firstName: z.string().trim().min(1, { error: 'required' }).max(100),
  lastName: z.string().trim().min(1, { error: 'required' }).max(100),
  address: z.string().trim().max(300).default(''),
  phone: Phone.default(''),
  image: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
  preferredLanguage: z.enum(LANGUAGES).optional(),
  notifyByEmail: z.boolean().optional(),
});
export type PersonalDetailsRequest = z.infer<typeof PersonalDetailsRequest>;

/** The interface language the user chose (the sidebar's switch); the server writes its e-mails in it. */
export const LanguageRequest = z.object({ preferredLanguage: z.enum(LANGUAGES) });
export type LanguageRequest = z.infer<typeof LanguageRequest>;

/** Text limits of a meeting request: the schema's, and the form's `maxLength`. */
export const MEETING_REQUEST_LIMITS = {
  messageMin: 3,
  message: 2000,
  phone: 40,
  preferredTime: 200,
} as const;

/** Without a booking page (MEETING_URL unset), a meeting request goes to the support address by e-mail. */
export const MeetingRequest = z.object({
  // Empty says "required"; too short says how many characters are needed.
  message: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .min(MEETING_REQUEST_LIMITS.messageMin)
    .max(MEETING_REQUEST_LIMITS.message),
  phone: z.string().trim().max(MEETING_REQUEST_LIMITS.phone).default(''),
  preferredTime: z.string().trim().max(MEETING_REQUEST_LIMITS.preferredTime).default(''),
});
export type MeetingRequest = z.infer<typeof MeetingRequest>;

export const CompanyUpdateRequest = z
  .object({
    companyName: z.string().trim().min(1, { error: 'required' }).max(200),
    address: z.string().trim().max(300),
    city: z.string().trim().max(100),
    postalCode: PostalCode,
    phone: Phone,
    email: z.union([z.literal(''), Email]),
    website: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'invalid_url' }).max(500)]),
    vatId: VatId,
    description: z.string().trim().max(2000),
    serviceRadiusKm: z.number().int().min(1).max(1000),
    /**
     * The centre of the service area, the company's pin on the map (there is no geocoding service): both
     * or neither; left out, the stored point stays.
     */
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    path: ['latitude'],
    error: 'required',
  });
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;

/**
 * Body of POST /admin/companies: a new installer company with no details yet, and the e-mail of its
 * first company admin, who gets an invitation to set a password.
 */
export const CompanyCreateRequest = z.object({
  companyName: z.string().trim().min(1, { error: 'required' }).max(200),
  email: Email,
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});
export type CompanyCreateRequest = z.infer<typeof CompanyCreateRequest>;

/** Limits of the company list: its search text, and its page size (the form's `maxLength`, too). */
export const COMPANY_LIST_LIMITS = { q: 100, limit: 100 } as const;

/**
 * Query of GET /admin/companies: a page of the installer companies, newest first; `q` keeps those whose
 * name contains it (case-insensitive). Both the text and the page are bounded.
 */
export const CompanyListQuery = z.object({
  q: z.string().trim().max(COMPANY_LIST_LIMITS.q).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(COMPANY_LIST_LIMITS.limit).default(20),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

/** An installer company as the platform's list shows it. */
export const CompanyListItem = z.object({
  _id: z.uuid(),
  companyName: z.string(),
  city: z.string(),
  createdAt: z.string(),
  /** Whether the company has set the centre of its service area (its pin on the map). */
  hasLocation: z.boolean(),
  /** Its users with access (a pending invitation counts). */
  userCount: z.number().int(),
  /** The first company admin's e-mail, null when it has none left. */
  adminEmail: z.string().nullable(),
  /** Whether that admin has set a password (false while the invitation is pending). */
  adminActive: z.boolean(),
});
export type CompanyListItem = z.infer<typeof CompanyListItem>;

export const CompanyListResponse = dataOf(
  z.object({ docs: z.array(CompanyListItem), pagination: Pagination }),
);
export type CompanyListResponse = z.infer<typeof CompanyListResponse>;

export const InviteEntry = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  role: z.enum(INSTALLER_ROLES).optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
/** Body of POST /installer/userAceess/{companyId}; the SPEC §5 checks run in the service. */
export const InviteRequest = z.object({ users: z.array(InviteEntry).min(1).max(50) });
export type InviteRequest = z.infer<typeof InviteRequest>;

export const AccessUpdateRequest = z.object({ role: z.enum(INSTALLER_ROLES) });
export type AccessUpdateRequest = z.infer<typeof AccessUpdateRequest>;

export const TeamMember = z.object({
  _id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamResponse = z.object({ data: z.object({ docs: z.array(TeamMember) }) });

export const UserSearchQuery = z.object({
  installerPartner: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ConstantsResponse = z.object({
  data: z.object({
    freeDownloadCount: z.number().int(),
    /** Enumerations the screens offer (building types, partner tiers, quote flags, ...). */
    properties: z.record(z.string(), z.array(z.string())),
    /** The customer application that 'New project' and 'Login in to userpanel' open. */
    customerAppUrl: z.string(),
    /**
     * The customer application's 3D planning page, which the listing's '3D Planning' opens with the
     * quote's shortId and version; null when the customer application is the built-in request page,
     * which has none.
     */
    planning3dUrl: z.string().nullable(),
    /** The meeting-booking page embedded by the call-now modal. */
    meetingUrl: z.string(),
  }),
});
