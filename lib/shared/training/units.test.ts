import {
  formatWeight,
  fromDisplayWeight,
  KG_PER_LB,
  toDisplayWeight,
  WEIGHT_UNITS,
  type WeightUnit,
} from './units';

describe('units', () => {
  it('offers kg and lb with the exact pound', () => {
    expect(WEIGHT_UNITS).toEqual(['kg', 'lb']);
    expect(KG_PER_LB).toBe(0.45359237);
  });

  it('shows 60 kg as 132.3 lb', () => {
    expect(toDisplayWeight(60, 'lb')).toBe(132.3);
    expect(toDisplayWeight(100, 'lb')).toBe(220.5);
    expect(toDisplayWeight(20, 'lb')).toBe(44.1);
    expect(toDisplayWeight(0, 'lb')).toBe(0);
  });

  it('shows kilograms to at most two decimals', () => {
    expect(toDisplayWeight(62.5, 'kg')).toBe(62.5);
    expect(toDisplayWeight(60, 'kg')).toBe(60);
    expect(toDisplayWeight(61.25, 'kg')).toBe(61.25);
    expect(toDisplayWeight(135 * KG_PER_LB, 'kg')).toBe(61.23);
    expect(toDisplayWeight(0.004, 'kg')).toBe(0);
  });

  it('rounds halves up despite binary noise', () => {
    // 61.235 × 100 is 6123.499999999999 in floating point.
    expect(toDisplayWeight(61.235, 'kg')).toBe(61.24);
    expect(toDisplayWeight(1.005, 'kg')).toBe(1.01);
    expect(toDisplayWeight(0.05 * KG_PER_LB, 'lb')).toBe(0.1);
  });

  it('converts entries to unrounded kilograms', () => {
    expect(fromDisplayWeight(62.5, 'kg')).toBe(62.5);
    expect(fromDisplayWeight(1, 'lb')).toBe(KG_PER_LB);
    expect(fromDisplayWeight(135, 'lb')).toBeCloseTo(61.23496995, 12);
    expect(fromDisplayWeight(135, 'lb')).not.toBe(61.23);
  });

  it.each([135, 132.3, 45, 2.5, 0.1, 225, 405.5, 1000])(
    'round-trips %s lb through kilograms',
    (pounds) => {
      expect(toDisplayWeight(fromDisplayWeight(pounds, 'lb'), 'lb')).toBe(pounds);
    },
  );

  it.each([60, 62.5, 61.25, 0.5, 142.75, 10000])('round-trips %s kg', (kg) => {
    expect(toDisplayWeight(fromDisplayWeight(kg, 'kg'), 'kg')).toBe(kg);
  });

  it('formats like the set lists (`100kg`): the number, then the unit', () => {
    expect(formatWeight(60, 'kg')).toBe('60kg');
    expect(formatWeight(62.5, 'kg')).toBe('62.5kg');
    expect(formatWeight(60, 'lb')).toBe('132.3lb');
    expect(formatWeight(fromDisplayWeight(135, 'lb'), 'lb')).toBe('135lb');
    expect(formatWeight(fromDisplayWeight(135, 'lb'), 'kg')).toBe('61.23kg');
    const units: WeightUnit[] = ['kg', 'lb'];
    expect(units.map((unit) => formatWeight(0, unit))).toEqual(['0kg', '0lb']);
  });
});
