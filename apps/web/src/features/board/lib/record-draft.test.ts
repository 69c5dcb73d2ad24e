import { describe, expect, it } from 'vitest';
import { isDraftChanged } from './record-draft';

const base = {
  name: 'Dach prüfen',
  notes: '',
  value: (key: string) => ({ Status: 'Nicht begonnen', Priorität: undefined })[key],
};

describe('isDraftChanged', () => {
  it('is false for the form as it opened, or with values set back to the same', () => {
    expect(isDraftChanged(base, { name: 'Dach prüfen', notes: '', values: {} })).toBe(false);
    expect(
      isDraftChanged(base, {
        name: 'Dach prüfen',
        notes: '',
        values: { Status: 'Nicht begonnen', Priorität: null },
      }),
    ).toBe(false);
  });

  it('is true once the name, the notes or a value differ', () => {
    expect(isDraftChanged(base, { name: 'Dach prüfen!', notes: '', values: {} })).toBe(true);
    expect(isDraftChanged(base, { name: 'Dach prüfen', notes: 'Leiter', values: {} })).toBe(true);
    expect(isDraftChanged(base, { name: 'Dach prüfen', notes: '', values: { Priorität: 'Hoch' } })).toBe(
      true,
    );
  });
});
