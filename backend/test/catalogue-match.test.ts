import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { CATALOGUE } from '@/lib/shared/catalogue/data';
import {
  compactName,
  matchCatalogue,
  NameMatcher,
  parseName,
  similarity,
} from '@/lib/shared/catalogue/match';

const nameOf = (source: string) => matchCatalogue(source)?.name ?? null;

describe('exercise-name matching (lib/shared/catalogue/match)', () => {
  it('reads Strong and Hevy spellings as the catalogue exercise', () => {
    const cases: Array<[string, string]> = [
      ['Bench Press (Barbell)', '벤치프레스'],
      ['Squat (Barbell)', '스쿼트'],
      ['bench press (BARBELL)', '벤치프레스'],
      ['  Bench   Press  ', '벤치프레스'],
      ['Deadlift (Barbell)', '데드리프트'],
      ['Lat Pulldown (Cable)', '랫풀다운'],
      ['Incline Bench Press (Barbell)', '인클라인 벤치프레스'],
      ['Bench Press (Dumbbell)', '덤벨 벤치프레스'],
      ['Overhead Press (Barbell)', '오버헤드 프레스'],
      ['Bicep Curls (Dumbbell)', '덤벨 컬'],
      ['Tricep Pushdown', '트라이셉스 푸시다운'],
      ['Pull-Up', '풀업'],
      ['Smith Machine Squat', '스미스머신 스쿼트'],
      ["Knee Raise (Captain's Chair)", '니 레이즈'],
    ];
    for (const [source, name] of cases) assert.equal(nameOf(source), name, source);
  });

  it('matches Korean names exactly, with or without spaces and with the aliases gyms use', () => {
    assert.equal(nameOf('벤치프레스'), '벤치프레스');
    assert.equal(nameOf('벤치 프레스'), '벤치프레스');
    assert.equal(nameOf('스쿼트'), '스쿼트');
    assert.equal(nameOf('바벨 스쿼트'), '스쿼트');
    assert.equal(nameOf('사레레'), '사이드 레터럴 레이즈');
    assert.equal(nameOf('턱걸이'), '풀업');
    assert.equal(nameOf('랫 풀다운'), '랫풀다운');
  });

  it('finds nothing for unrelated names, other equipment or another variant', () => {
    for (const source of [
      'Treadmill',
      'Running',
      'Cycling',
      'Stretching',
      'Rowing (Machine)',
      '요가',
      '줄넘기',
      '덤벨 스쿼트',
      'Bench',
      'Press',
      '',
    ]) {
      assert.equal(nameOf(source), null, source);
    }
    // Similar spelling, different exercise.
    assert.notEqual(nameOf('Decline Bench Press (Barbell)'), '인클라인 벤치프레스');
    assert.notEqual(nameOf('Incline Bench Press (Barbell)'), '벤치프레스');
    assert.notEqual(nameOf('Front Squat (Barbell)'), '스쿼트');
  });

  it('scores equipment apart: a different one is no match, a missing one is a weaker match', () => {
    const barbell = parseName('Bench Press (Barbell)');
    assert.equal(barbell.equipment, 'BARBELL');
    assert.equal(barbell.core, 'benchpress');
    assert.equal(similarity(barbell, parseName('Bench Press (Dumbbell)')), 0);
    assert.ok(similarity(barbell, parseName('Bench Press')) >= 0.8);
    assert.ok(
      similarity(barbell, parseName('Bench Press')) <
        similarity(barbell, parseName('Barbell Bench Press')),
    );
    assert.equal(compactName(' Lat-Pulldown (Cable) '), 'latpulldowncable');
  });

  it('matches a member library by similar names and tolerates a small typo only', () => {
    const matcher = new NameMatcher([
      { value: 1, names: ['벤치프레스'] },
      { value: 2, names: ['Lat Pulldown'] },
      { value: 3, names: ['Romanian Deadlift'] },
    ]);
    assert.equal(matcher.best('Lat Pulldown (Cable)')?.value, 2);
    assert.equal(matcher.best('Romanian Deadlif')?.value, 3);
    assert.equal(matcher.best('벤치 프레스')?.value, 1);
    assert.equal(matcher.best('Deadlift'), null);
    assert.equal(matcher.best('Squat (Barbell)'), null);
  });

  it('has about a hundred entries with unique keys and Korean names', () => {
    assert.ok(CATALOGUE.length >= 100);
    assert.equal(new Set(CATALOGUE.map((e) => e.key)).size, CATALOGUE.length);
    // Every entry's own English and Korean names lead back to it.
    for (const entry of CATALOGUE) {
      assert.equal(matchCatalogue(entry.english)?.key, entry.key, entry.english);
      assert.equal(matchCatalogue(entry.name)?.key, entry.key, entry.name);
    }
  });
});
