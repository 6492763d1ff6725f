import { getChoseong } from 'es-hangul';

import type { CLASSIFICATIONS } from '@/lib/contract/values';

type Classification = (typeof CLASSIFICATIONS)[number];

/** A body-part chip: every part, or one. */
export type PartFilter = 'ALL' | Classification;

const CHOSEONG_ONLY = /^[ㄱ-ㅎ]+$/;

/** Lower case, NFC, without spaces and punctuation: `Bench Press` and `벤치 프레스` compare whole. */
export function searchText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Whether any of `names` contains `query` (spaces, case and punctuation ignored); a query of
 * initial consonants only (`ㅂㅊ`) matches the names' initials (`벤치프레스` → `ㅂㅊㅍㄹㅅ`).
 * An empty query matches everything.
 */
export function matchesQuery(names: readonly string[], query: string): boolean {
  const wanted = searchText(query);
  if (wanted === '') return true;
  if (CHOSEONG_ONLY.test(wanted)) {
    return names.some((name) => getChoseong(searchText(name)).includes(wanted));
  }
  return names.some((name) => searchText(name).includes(wanted));
}

/** Whether an item of body part `part` passes the chip. */
export function matchesPart(part: Classification, filter: PartFilter): boolean {
  return filter === 'ALL' || part === filter;
}
