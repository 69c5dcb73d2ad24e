// @vitest-environment happy-dom
import { MantineProvider, NumberInput } from '@mantine/core';
import type { Language } from '@solar/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeNumberInputProps, numberSeparators, numberValue } from './number-input';

afterEach(() => cleanup());

function renderInput(lang: Language, props: { decimalScale?: number; allowDecimal?: boolean } = {}) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <NumberInput
        label="Preis"
        decimalScale={2}
        allowNegative={false}
        {...props}
        {...localeNumberInputProps(lang)}
        onChange={onChange}
      />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Preis' }) as HTMLInputElement;
  return { input, onChange };
}

/** The number the form reads from the input's last change. */
const lastNumber = (onChange: ReturnType<typeof vi.fn>) => numberValue(onChange.mock.lastCall?.[0]);

/** Key by key, the way a user types: each change adds one character at the end. */
function typeKeys(input: HTMLInputElement, text: string) {
  for (const char of text) {
    const value = input.value + char;
    fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
  }
}

function paste(input: HTMLInputElement, text: string) {
  input.setSelectionRange(0, input.value.length);
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

describe('numberSeparators (SPEC §9, as formatNumber writes numbers)', () => {
  it('groups with a dot in German and a comma in English and Spanish', () => {
    expect(numberSeparators('de')).toEqual({ decimalSeparator: ',', thousandSeparator: '.' });
    expect(numberSeparators('en')).toEqual({ decimalSeparator: '.', thousandSeparator: ',' });
    expect(numberSeparators('es')).toEqual({ decimalSeparator: '.', thousandSeparator: ',' });
  });

  it('accepts only the language’s own decimal separator while typing', () => {
    expect(localeNumberInputProps('de').allowedDecimalSeparators).toEqual([',']);
    expect(localeNumberInputProps('en').allowedDecimalSeparators).toEqual(['.']);
  });
});

describe('a NumberInput with localeNumberInputProps', () => {
  it('reads a typed German 1.299,50 as 1299.5 and shows it in the German pattern', () => {
    const { input, onChange } = renderInput('de');
    typeKeys(input, '1.299,50');
    expect(input.value).toBe('1.299,50');
    expect(lastNumber(onChange)).toBe(1299.5);
  });

  it('reads a German 499,99 and 12,5 filled in at once', () => {
    const { input, onChange } = renderInput('de');
    fireEvent.change(input, { target: { value: '499,99' } });
    expect(input.value).toBe('499,99');
    expect(onChange).toHaveBeenLastCalledWith(499.99);
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    fireEvent.change(input, { target: { value: '1.299,50' } });
    expect(input.value).toBe('1.299,50');
    expect(lastNumber(onChange)).toBe(1299.5);
  });

  it('reads English and Spanish 1,299.50 as 1299.5', () => {
    for (const lang of ['en', 'es'] as const) {
      const { input, onChange } = renderInput(lang);
      typeKeys(input, '1,299.50');
      expect(input.value).toBe('1,299.50');
      expect(lastNumber(onChange)).toBe(1299.5);
      cleanup();
    }
  });

  it('groups whole numbers in the language’s pattern', () => {
    const { input, onChange } = renderInput('de', { allowDecimal: false });
    typeKeys(input, '12500');
    expect(input.value).toBe('12.500');
    expect(onChange).toHaveBeenLastCalledWith(12500);
  });

  it('reads a pasted number as parseLocaleNumber does', () => {
    const de = renderInput('de');
    // `9.6` cannot be a German thousands group: the decimal point the user meant (parseLocaleNumber).
    paste(de.input, '9.6');
    expect(de.input.value).toBe('9,6');
    expect(de.onChange).toHaveBeenLastCalledWith(9.6);
    cleanup();

    const en = renderInput('en');
    paste(en.input, '1234,5');
    expect(en.input.value).toBe('1,234.5');
    expect(en.onChange).toHaveBeenLastCalledWith(1234.5);
  });
});

describe('numberValue', () => {
  it('reads what Mantine hands over: numbers, and plain number strings while typing', () => {
    expect(numberValue(1299.5)).toBe(1299.5);
    expect(numberValue('1299.50')).toBe(1299.5);
    expect(numberValue('12.')).toBe(12);
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('-')).toBeUndefined();
    expect(numberValue(Number.NaN)).toBeUndefined();
  });
});
