import { catalogueRead, recentExercisesRead } from './catalogue';

describe('catalogueRead', () => {
  const entry = {
    key: 'bench-press-barbell',
    name: '벤치프레스',
    classification: 'CHEST' as const,
    equipment: 'BARBELL' as const,
    english: 'Bench Press (Barbell)',
    aliases: ['바벨 벤치프레스'],
  };

  it('is keyed by its backend path and hands the entries over as answered', async () => {
    expect(catalogueRead.key()).toBe('/api/exercise/catalogue');
    const schema = await catalogueRead.schema();
    expect(schema.safeParse([entry]).success).toBe(true);
    expect(catalogueRead.toView([entry])).toEqual([entry]);
  });

  it('is read once a session: never revalidated on focus, reconnect or when stale', () => {
    expect(catalogueRead.swr).toEqual({
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
    });
  });
});

describe('recentExercisesRead', () => {
  it('is keyed by its backend path and hands the list over as answered', async () => {
    const recent = [{ id: 7, name: '스쿼트', lastDate: '2026-11-24' }];
    expect(recentExercisesRead.key()).toBe('/api/member/exercises/recent');
    expect(recentExercisesRead.toView(recent)).toEqual(recent);
    expect(recentExercisesRead.swr).toBeUndefined();
    const schema = await recentExercisesRead.schema();
    expect(schema.safeParse([{ id: 7, name: '스쿼트' }]).success).toBe(false);
  });
});
