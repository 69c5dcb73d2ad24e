import { describe, expect, it } from 'vitest';
import { type TargetKey, targetLabel, targetValue } from './customer-targets';

const SPANISH: Record<TargetKey, string> = {
  home: 'Vivienda propia',
  storage: 'Batería',
  wallbox: 'Wallbox (cargador de coche)',
  heatPump: 'Bomba de calor',
  business: 'Empresa',
};
const name = (key: TargetKey) => SPANISH[key];

describe('customer targets', () => {
  it('shows a suggested target in the UI language and any other as stored', () => {
    expect(targetLabel('Eigenheim', name)).toBe('Vivienda propia');
    expect(targetLabel('Wärmepumpe', name)).toBe('Bomba de calor');
    expect(targetLabel('Piscina', name)).toBe('Piscina');
    // Only the exact stored value is a suggestion.
    expect(targetLabel('eigenheim', name)).toBe('eigenheim');
  });

  it('stores a suggested target by its fixed value, whatever the language or case it is typed in', () => {
    expect(targetValue('Bomba de calor', name)).toBe('Wärmepumpe');
    expect(targetValue('batería', name)).toBe('Speicher');
    expect(targetValue('Gewerbe', name)).toBe('Gewerbe');
    expect(targetValue('speicher', name)).toBe('Speicher');
    expect(targetValue('Piscina', name)).toBe('Piscina');
  });
});
