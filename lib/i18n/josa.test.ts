import { josa as reference } from 'es-hangul';

import { josa, type Particle } from './josa';

const PARTICLES: Particle[] = ['을/를', '이/가', '와/과', '으로/로'];
const WORDS = [
  '벤치프레스',
  '랫풀다운',
  '스쿼트',
  '데드리프트 (덤벨)',
  '민준',
  '지아',
  '서울',
  '부산',
  '닭',
  '삶',
  'PT',
  'HIIT',
  'GYM',
  'CURL',
  'Squat',
  '3',
  'A',
  'L',
  'M',
  'N',
  'R',
  '',
];

describe('josa', () => {
  it.each(PARTICLES)('picks %s as es-hangul does', (particle) => {
    for (const word of WORDS)
      expect([word, josa(word, particle)]).toEqual([word, reference(word, particle)]);
  });

  it('reads the examples right', () => {
    expect(josa('벤치프레스', '을/를')).toBe('벤치프레스를');
    expect(josa('랫풀다운', '을/를')).toBe('랫풀다운을');
    expect(josa('민준', '와/과')).toBe('민준과');
    expect(josa('지아', '와/과')).toBe('지아와');
    expect(josa('서울', '으로/로')).toBe('서울로');
    expect(josa('부산', '으로/로')).toBe('부산으로');
  });
});
