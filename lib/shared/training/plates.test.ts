import {
  DEFAULT_PLATE_INVENTORIES,
  nearestLoadable,
  type PlateInventory,
  plateLoading,
  warmupRamp,
} from './plates';

const kg = DEFAULT_PLATE_INVENTORIES.kg;
const lb = DEFAULT_PLATE_INVENTORIES.lb;

describe('plateLoading', () => {
  it('loads kg weights with the heaviest plates first', () => {
    expect(plateLoading(100, kg)).toMatchObject({ exact: true, total: 100, perSide: [25, 15] });
    expect(plateLoading(142.5, kg)).toMatchObject({
      exact: true,
      total: 142.5,
      perSide: [25, 25, 10, 1.25],
    });
    expect(plateLoading(62.5, kg).perSide).toEqual([20, 1.25]);
    expect(plateLoading(22.5, kg).perSide).toEqual([1.25]);
  });

  it('loads lb weights', () => {
    expect(plateLoading(135, lb)).toMatchObject({ exact: true, perSide: [45] });
    expect(plateLoading(225, lb).perSide).toEqual([45, 45]);
    expect(plateLoading(185, lb).perSide).toEqual([45, 25]);
    expect(plateLoading(200, lb).perSide).toEqual([45, 25, 5, 2.5]);
  });

  it('loads the empty bar for the bar weight', () => {
    expect(plateLoading(20, kg)).toMatchObject({ exact: true, total: 20, perSide: [] });
  });

  it('shows the nearest loadable weight when the target cannot be made', () => {
    const result = plateLoading(101, kg);
    expect(result.exact).toBe(false);
    expect(result.below).toEqual({ total: 100, perSide: [25, 15] });
    expect(result.above).toEqual({ total: 102.5, perSide: [25, 15, 1.25] });
    expect(result.total).toBe(100);
    expect(result.perSide).toEqual([25, 15]);
    // 102 is nearer 102.5 than 100.
    expect(nearestLoadable(102, kg)).toBe(102.5);
    // 137 lb: 135 or 140, the nearer is 135; 138 goes up to 140.
    expect(nearestLoadable(137, lb)).toBe(135);
    expect(plateLoading(138, lb)).toMatchObject({ exact: false, total: 140, perSide: [45, 2.5] });
  });

  it('takes the lighter weight on a tie', () => {
    // 101.25 is 1.25 from both 100 and 102.5.
    expect(nearestLoadable(101.25, kg)).toBe(100);
  });

  it('loads the bar for a weight under it', () => {
    const result = plateLoading(15, kg);
    expect(result).toMatchObject({ exact: false, belowBar: true, total: 20, perSide: [] });
    expect(plateLoading(0, lb)).toMatchObject({ belowBar: true, total: 45 });
  });

  it('respects limited plate counts', () => {
    const home: PlateInventory = {
      bar: 20,
      plates: [
        { size: 20, pairs: 1 },
        { size: 10, pairs: 2 },
        { size: 5, pairs: 1 },
      ],
    };
    // 20 + 10 + 10 per side.
    expect(plateLoading(100, home)).toMatchObject({ exact: true, perSide: [20, 10, 10] });
    // Everything on: 45 per side, 110 in all; more is out of reach.
    const heavy = plateLoading(150, home);
    expect(heavy).toMatchObject({ exact: false, total: 110, perSide: [20, 10, 10, 5] });
    expect(heavy.above).toBeNull();
    // No 2.5s: 65 cannot be made, 60 and 70 can.
    const odd = plateLoading(65, home);
    expect(odd.below?.total).toBe(60);
    expect(odd.above?.total).toBe(70);
  });

  it('finds loadings that greedy misses with limited counts', () => {
    // Heaviest-first would put 25 on and then fail to make 30 per side; 15 + 15 makes it.
    const inventory: PlateInventory = {
      bar: 20,
      plates: [
        { size: 25, pairs: 1 },
        { size: 15, pairs: 2 },
      ],
    };
    expect(plateLoading(80, inventory)).toMatchObject({ exact: true, perSide: [15, 15] });
  });

  it('ignores sizes with no pairs', () => {
    const inventory: PlateInventory = {
      bar: 20,
      plates: [
        { size: 20, pairs: 0 },
        { size: 10, pairs: 4 },
      ],
    };
    expect(plateLoading(60, inventory).perSide).toEqual([10, 10]);
    expect(plateLoading(20, { bar: 20, plates: [] })).toMatchObject({ exact: true });
    expect(plateLoading(30, { bar: 20, plates: [] })).toMatchObject({ exact: false, total: 20 });
  });
});

describe('warmupRamp', () => {
  it('ramps from the bar to a kg working weight', () => {
    expect(warmupRamp(100, kg).map(({ total, reps }) => [total, reps])).toEqual([
      [20, 10],
      [40, 5],
      [60, 3],
      [80, 2],
    ]);
  });

  it('rounds each step to a loadable weight', () => {
    // 40 % of 142.5 = 57 → 57.5, 60 % = 85.5 → 85, 80 % = 114 → 115.
    const ramp = warmupRamp(142.5, kg);
    expect(ramp.map((step) => step.total)).toEqual([20, 57.5, 85, 115]);
    expect(ramp[1].perSide).toEqual([15, 2.5, 1.25]);
  });

  it('ramps in pounds', () => {
    // 40 % of 225 = 90 → 90; 60 % = 135; 80 % = 180 → 180.
    expect(warmupRamp(225, lb).map((step) => step.total)).toEqual([45, 90, 135, 180]);
  });

  it('drops steps that land on the bar or on each other', () => {
    // 40 % of 40 = 16 (the bar), 60 % = 24 → 25 (nearest of 22.5/25 is 25? 24 → 25), 80 % = 32 → 32.5.
    expect(warmupRamp(40, kg).map((step) => step.total)).toEqual([20, 25, 32.5]);
    // A coarse inventory collapses steps onto each other.
    const coarse: PlateInventory = { bar: 20, plates: [{ size: 20, pairs: 4 }] };
    expect(warmupRamp(100, coarse).map((step) => step.total)).toEqual([20, 60]);
  });

  it('is empty at or under the bar', () => {
    expect(warmupRamp(20, kg)).toEqual([]);
    expect(warmupRamp(10, kg)).toEqual([]);
    expect(warmupRamp(45, lb)).toEqual([]);
  });
});
