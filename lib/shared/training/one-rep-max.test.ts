import { estimatedOneRepMax, ONE_REP_MAX_FORMULA } from './one-rep-max';

describe('estimatedOneRepMax', () => {
  it('names the formula', () => {
    expect(ONE_REP_MAX_FORMULA).toBe('Epley');
  });

  it('applies Epley: w × (1 + r/30)', () => {
    expect(estimatedOneRepMax(100, 10)).toBeCloseTo(133.333333, 5);
    expect(estimatedOneRepMax(100, 30)).toBe(200);
    expect(estimatedOneRepMax(60, 5)).toBe(70);
    expect(estimatedOneRepMax(90, 3)).toBeCloseTo(99, 10);
    expect(estimatedOneRepMax(61.235, 2)).toBeCloseTo(65.317333, 5);
  });

  it('is exactly the weight for one rep', () => {
    expect(estimatedOneRepMax(100, 1)).toBe(100);
    expect(estimatedOneRepMax(142.5, 1)).toBe(142.5);
  });

  it('grows with reps at a weight and with weight at a rep count', () => {
    expect(estimatedOneRepMax(100, 2)).toBeGreaterThan(estimatedOneRepMax(100, 1));
    expect(estimatedOneRepMax(100, 6)).toBeGreaterThan(estimatedOneRepMax(100, 5));
    expect(estimatedOneRepMax(101, 5)).toBeGreaterThan(estimatedOneRepMax(100, 5));
  });

  it('is 0 when nothing was lifted', () => {
    expect(estimatedOneRepMax(100, 0)).toBe(0);
    expect(estimatedOneRepMax(0, 10)).toBe(0);
    expect(estimatedOneRepMax(-20, 10)).toBe(0);
    expect(estimatedOneRepMax(100, -3)).toBe(0);
    expect(estimatedOneRepMax(Number.NaN, 5)).toBe(0);
    expect(estimatedOneRepMax(100, Number.NaN)).toBe(0);
    expect(estimatedOneRepMax(Number.POSITIVE_INFINITY, 5)).toBe(0);
  });
});
