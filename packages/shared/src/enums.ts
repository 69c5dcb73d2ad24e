/** Roles of SPEC §6. */
export const ROLES = ['ADMIN', 'CITY_ADMIN', 'INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that belong to an installer company. */
export const INSTALLER_ROLES = ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] as const;
export type InstallerRole = (typeof INSTALLER_ROLES)[number];

export const LANGUAGES = ['de', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** Partner tiers of SPEC §9. */
export const PARTNER_TIERS = [
  'Future Partner',
  'Climate protector Partnercity',
  'Climate savers Partnercity',
] as const;
export type PartnerTier = (typeof PARTNER_TIERS)[number];

/** Building types of SPEC §9. */
export const BUILDING_TYPES = [
  'Multi-Family',
  'Single-Family',
  'Office',
  'Industry',
  'Agriculture',
  'Industrial',
  'Residential',
  'Administration',
] as const;

export const QUOTE_FLAGS = ['Eco', 'Smart', 'Green'] as const;
export const PRODUCT_TYPES = [
  'battery',
  'inverter',
  'solarPanel',
  'car',
  'wallbox',
  'heatpump',
  'EMS',
] as const;

export const PRICING_STRATEGIES = [
  'fixPerPanel',
  'fixForProject',
  'percentageOfProjectCost',
  'dependingOnKwh',
  'distanceToProject',
] as const;

/** Business constants of SPEC §9. */
export const CONSTANTS = {
  freeDownloadCount: 3,
  authTokenDays: 24,
  templateMaxBytes: 20 * 1024 * 1024,
  sidebarMobileBreakpoint: 787,
  sidebarWidth: 240,
  sidebarCollapsedWidth: 70,
  mapZoom: 20,
  addressSearchDebounceMs: 300,
  addressSearchLimit: 500,
  valueSaveDebounceMs: 1000,
  notesAutoSaveMs: 1000,
  taxAndWarrantyRate: 0.01,
  passwordMinLength: 10,
} as const;

/** Quote task status of the planning workflow (SPEC §4), plus the DUPLICATE and BLACK_LIST marks. */
export const QUOTE_TASK_STATUSES = [
  'TO_BE_PLANNED',
  'PRIORITY_PLANNING',
  'URGENT_PLANNING',
  'APPROVAL_PENDING',
  'REWORK_PENDING',
  'VERIFIED',
  'APPROVAL_PENDING_AFTER_REWORK',
  'DUPLICATE',
  'BLACK_LIST',
] as const;
export type QuoteTaskStatus = (typeof QUOTE_TASK_STATUSES)[number];

/** The customer-side status of a quote (SPEC §4 "Project status"). */
export const QUOTE_STATUSES = [
  'NOT_ACCESSED',
  'USER_HAS_ACCESSED',
  'IMAGE_UPLOADED',
  'INSTALLER_REQUESTED',
  'INSTALLER_SIGNED',
  'PROJECT_REALIZED',
  'OFFER_NOT_ACCEPTED',
  'UN_REGISTRED_PROJECT',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * A company's pipeline stage of a project: ACQUISITION for a saved project not matched yet, then the
 * matched stages of SPEC §4.
 */
export const STAGES = [
  'ACQUISITION',
  'OFFER_PROVIDED',
  'INSTALLER_SIGNED',
  'PROJECT_REALIZED',
  'OFFER_NOT_ACCEPTED',
] as const;
export type Stage = (typeof STAGES)[number];

export const VERIFICATIONS = ['verified', 'pending', 'not_verified'] as const;
export const SOLAR_COVERAGES = ['fully_covered', 'partially_covered', 'no_solar'] as const;
export const ROOF_TYPES = ['Gable', 'Hip', 'Flat', 'Shed', 'Mansard', 'Gambrel'] as const;
export const ROOF_MATERIALS = [
  'Clay tile',
  'Concrete tile',
  'Slate',
  'Metal',
  'Bitumen',
  'Fibre cement',
] as const;
export const ROOF_ORIENTATIONS = ['S', 'SE', 'SW', 'E', 'W', 'E-W', 'N'] as const;

/** Reasons an installer can give when reporting a problem with a quote (docs/pipeline.md). */
export const CHANGE_REQUEST_REASONS = [
  'wrong_address',
  'wrong_roof',
  'wrong_consumption',
  'wrong_building_type',
  'customer_unreachable',
  'customer_not_interested',
  'duplicate_request',
  'roof_not_suitable',
  'already_has_solar',
  'fake_request',
  'other',
] as const;
export type ChangeRequestReason = (typeof CHANGE_REQUEST_REASONS)[number];
/** An open change request waits for ADMIN; a resolved one can be opened again. */
export const CHANGE_REQUEST_STATUSES = ['open', 'resolved'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
