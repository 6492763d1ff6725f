import {
  axisTicks,
  barWidth,
  labelAnchor,
  labelIndexes,
  niceTicks,
  slotCentre,
  yOffset,
} from './chart-scale';
import { formatAxisDate, formatDelta, formatTick, formatVolume } from './format';
import { historyHref, rangeFromParam } from './history-range';

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(62, 118)).toEqual([60, 80, 100, 120]);
    expect(niceTicks(0, 2400)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('pads a single value and stays at or above zero for weights', () => {
    expect(niceTicks(100, 100)).toEqual([90, 95, 100, 105, 110]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('has no float noise', () => {
    for (const tick of niceTicks(0.1, 0.7)) expect(String(tick)).toMatch(/^\d+(\.\d{1,2})?$/);
  });
});

describe('axisTicks', () => {
  it('hugs the data for progress and starts at zero for amounts', () => {
    expect(axisTicks([100, 116.7, 110])).toEqual([100, 105, 110, 115, 120]);
    expect(axisTicks([1500, 2400], { fromZero: true })).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(axisTicks([])).toEqual([0, 1]);
  });
});

describe('positions', () => {
  it('maps values onto the plot height, the top tick at 0', () => {
    const ticks = [0, 50, 100];
    expect(yOffset(100, ticks, 200)).toBe(0);
    expect(yOffset(0, ticks, 200)).toBe(200);
    expect(yOffset(25, ticks, 200)).toBe(150);
    expect(yOffset(500, ticks, 200)).toBe(0); // clamped
  });

  it('puts sessions in equal slots and sizes bars to them', () => {
    expect(slotCentre(0, 1)).toBe(50);
    expect([0, 1, 2, 3].map((index) => slotCentre(index, 4))).toEqual([12.5, 37.5, 62.5, 87.5]);
    expect(barWidth(2)).toBe(8);
    expect(barWidth(30)).toBe(2);
  });

  it('labels the first, the last and evenly spread sessions', () => {
    expect(labelIndexes(0, 3)).toEqual([]);
    expect(labelIndexes(2, 3)).toEqual([0, 1]);
    expect(labelIndexes(10, 3)).toEqual([0, 5, 9]);
    expect(labelIndexes(100, 6)).toEqual([0, 20, 40, 59, 79, 99]);
    // Never two labels in neighbouring slots when there is not room for every one.
    expect(labelIndexes(4, 3)).toEqual([0, 3]);
    expect(labelIndexes(5, 3)).toEqual([0, 2, 4]);
    expect(labelIndexes(7, 6)).toEqual([0, 2, 4, 6]);
    expect(labelAnchor(0, 1)).toBe('middle');
    expect(labelAnchor(0, 4)).toBe('start');
    expect(labelAnchor(2, 4)).toBe('middle');
    expect(labelAnchor(3, 4)).toBe('end');
  });
});

describe('formats', () => {
  it('groups volumes in the member unit', () => {
    expect(formatVolume(2400, 'kg')).toBe('2,400kg');
    expect(formatVolume(2400, 'lb')).toBe('5,291.1lb');
    expect(formatTick(12000)).toBe('1.2만');
    expect(formatTick(2500)).toBe('2,500');
  });

  it('writes dates and deltas', () => {
    expect(formatAxisDate('2026-11-21', false)).toBe('11/21');
    expect(formatAxisDate('2026-01-05', true)).toBe('26.01.05');
    expect(formatDelta(2)).toBe('+2');
    expect(formatDelta(-1)).toBe('-1');
    expect(formatDelta(0)).toBe('±0');
  });
});

describe('history range', () => {
  it('reads ?range= and falls back to three months', () => {
    expect(rangeFromParam('1y')).toBe('1y');
    expect(rangeFromParam(['all', '1y'])).toBe('all');
    expect(rangeFromParam('5y')).toBe('3m');
    expect(rangeFromParam(undefined)).toBe('3m');
    expect(historyHref(7)).toBe('/exercise/7');
    expect(historyHref(7, 'all')).toBe('/exercise/7?range=all');
  });
});
