/** Plans of SPEC §9. */
export const PLAN_NAMES = ['free', 'premium', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The plan cards' price labels (SPEC §9): Free '60 €', Enterprise '750 €' (individual, by chat). */
export const FREE_LABEL_EURO = 60;
export const ENTERPRISE_LABEL_EURO = 750;
export const PREMIUM_BASE_EURO = 200;
export const EXTRA_OBJ_EURO = 100;
export const EXTRA_PVSOL_EURO = 200;
export const YEARLY_DISCOUNT = 0.2;
export const TWO_YEAR_DISCOUNT = 0.25;
/** Premium's monthly download budget in units: an OBJ file costs 1 unit, a PVSol file 2. */
export const PREMIUM_BASE_UNITS = 4;
export const UNIT_COST = { obj: 1, pvsol: 2 } as const;
export type PlanningFileKind = keyof typeof UNIT_COST;

export interface PremiumPrice {
  /** Per month, euro. */
  monthly: number;
  /** Per month in euro cents, as billed. */
  monthlyCents: number;
  /** Twelve months with 20% off. */
  yearly: number;
  /** Twenty-four months with 25% off. */
  twoYears: number;
}

/** Premium: 200 € a month plus 100 € per extra OBJ and 200 € per extra PVSol (SPEC §9). */
export function premiumPrice(objExtra: number, pvsolExtra: number): PremiumPrice {
  if (!Number.isInteger(objExtra) || !Number.isInteger(pvsolExtra) || objExtra < 0 || pvsolExtra < 0) {
    throw new RangeError('extras must be whole numbers from 0');
  }
  const monthly = PREMIUM_BASE_EURO + EXTRA_OBJ_EURO * objExtra + EXTRA_PVSOL_EURO * pvsolExtra;
  return {
    monthly,
    monthlyCents: monthly * 100,
    yearly: Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT) * 100) / 100,
    twoYears: Math.round(monthly * 24 * (1 - TWO_YEAR_DISCOUNT) * 100) / 100,
  };
}

/**
 * The quantities line of SPEC §9: "4 + OBJ + 2 x PVSol planning data, or 2 + OBJ/2 + PVSol PV Sol
 * files" — the same monthly budget counted in OBJ files or in PVSol files. PVSol files are whole
 * files, as the server counts them (`pvsolLeft`): an odd unit left over buys no half file.
 */
export function premiumQuantities(objExtra: number, pvsolExtra: number) {
  const units = PREMIUM_BASE_UNITS + objExtra + 2 * pvsolExtra;
  return { units, objFiles: units, pvsolFiles: Math.floor(units / UNIT_COST.pvsol) };
}

/** Monthly budget in units for a plan; null means unlimited (enterprise). */
export function monthlyUnits(plan: PlanName, objExtra: number, pvsolExtra: number): number | null {
  if (plan === 'enterprise') return null;
  if (plan === 'premium') return premiumQuantities(objExtra, pvsolExtra).units;
  return 0;
}
