import { type PRICING_STRATEGIES, PRODUCT_TYPES, type Product } from '@solar/shared';
import {
  IconBattery3,
  IconBolt,
  IconCar,
  IconChargingPile,
  IconCpu,
  IconLayoutGrid,
  IconSolarPanel,
  IconTemperaturePlus,
  type TablerIcon,
} from '@tabler/icons-react';

export type ProductType = (typeof PRODUCT_TYPES)[number];
export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];

export { PRODUCT_TYPES };

export const TYPE_ICONS: Record<ProductType | 'all', TablerIcon> = {
  all: IconLayoutGrid,
  battery: IconBattery3,
  inverter: IconBolt,
  solarPanel: IconSolarPanel,
  car: IconCar,
  wallbox: IconChargingPile,
  heatpump: IconTemperaturePlus,
  EMS: IconCpu,
};

export type DetailKey = 'powerW' | 'capacityKwh' | 'efficiencyPct' | 'warrantyYears';

/** The details worth a column per type, most telling first; warranty is shown for every type. */
export const KEY_DETAILS: Record<ProductType, DetailKey[]> = {
  battery: ['capacityKwh', 'powerW', 'warrantyYears'],
  inverter: ['powerW', 'efficiencyPct', 'warrantyYears'],
  solarPanel: ['powerW', 'efficiencyPct', 'warrantyYears'],
  car: ['capacityKwh', 'powerW', 'warrantyYears'],
  wallbox: ['powerW', 'warrantyYears'],
  heatpump: ['powerW', 'efficiencyPct', 'warrantyYears'],
  EMS: ['warrantyYears'],
};

/** A company's own product (a duplicate it adapted or created). */
export const isOwn = (p: Product) => p.isDuplicate;
