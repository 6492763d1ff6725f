import { CATALOGUE, type CatalogueExercise } from './data';
import type { Equipment } from './equipment';

/*
 * Exercise-name matching (issue 29): is `Bench Press (Barbell)` the catalogue's 벤치프레스, is
 * `bench press` the member's `Bench Press`? Names are compared by their words once case, spaces,
 * punctuation and plural endings are set aside, with the equipment (`(Barbell)`, `덤벨 …`) read
 * apart: a different equipment is a different exercise, a missing one is not a contradiction.
 * Small typos pass through a character-pair similarity with a high bar, so `Incline` never
 * becomes `Decline`.
 */

/** Words naming the equipment, English (lower case) and Korean. */
const EQUIPMENT_WORDS: Record<string, Equipment> = {
  barbell: 'BARBELL',
  bb: 'BARBELL',
  dumbbell: 'DUMBBELL',
  db: 'DUMBBELL',
  machine: 'MACHINE',
  cable: 'CABLE',
  bodyweight: 'BODYWEIGHT',
  kettlebell: 'KETTLEBELL',
  kb: 'KETTLEBELL',
  band: 'BAND',
  smith: 'SMITH_MACHINE',
  바벨: 'BARBELL',
  덤벨: 'DUMBBELL',
  머신: 'MACHINE',
  케이블: 'CABLE',
  맨몸: 'BODYWEIGHT',
  케틀벨: 'KETTLEBELL',
  밴드: 'BAND',
  스미스: 'SMITH_MACHINE',
  스미스머신: 'SMITH_MACHINE',
};

/** Words that say nothing on their own (`Smith Machine` is one equipment, not two). */
const FILLER = new Set(['the', 'with', 'and']);

/** A name taken apart for comparison. */
export interface ParsedName {
  /** Every word run together: `benchpressbarbell`. */
  compact: string;
  /** The words without the equipment, run together in order: `benchpress`. */
  core: string;
  /** The same words sorted, so word order does not matter. */
  sortedCore: string;
  equipment: Equipment | null;
}

function stem(word: string): string {
  // Plurals of the exercise vocabulary: curls, raises, dips, triceps (but not press, abs→ab).
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower case, NFC, punctuation and brackets as spaces, words stemmed. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !FILLER.has(word))
    .map(stem);
}

/** `name` taken apart; `equipment` is the equipment to assume when the name names none. */
export function parseName(name: string, equipment: Equipment | null = null): ParsedName {
  const words = nameWords(name);
  const core: string[] = [];
  let named: Equipment | null = null;
  for (const word of words) {
    const found = EQUIPMENT_WORDS[word];
    if (found) named ??= found;
    else if (!(word === 'machine' || word === '머신')) core.push(word);
  }
  // `Smith Machine`: the machine word belongs to the smith.
  return {
    compact: words.join(''),
    core: core.join(''),
    sortedCore: [...core].sort().join(''),
    equipment: named ?? equipment,
  };
}

/** Names compared with every space and punctuation mark removed, case folded. */
export function compactName(name: string): string {
  return nameWords(name).join('');
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice similarity of two strings' character pairs, 0–1. */
export function diceSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const left = bigrams(a);
  const right = bigrams(b);
  let common = 0;
  for (const [pair, count] of left) common += Math.min(count, right.get(pair) ?? 0);
  return (2 * common) / (a.length - 1 + (b.length - 1));
}

/** How alike two parsed names are, 0 (different exercises) to 1 (the same spelling). */
export function similarity(a: ParsedName, b: ParsedName): number {
  if (a.compact !== '' && a.compact === b.compact) return 1;
  if (a.equipment && b.equipment && a.equipment !== b.equipment) return 0;
  if (a.core === '' || b.core === '') return 0;
  const equipmentFactor = a.equipment && b.equipment ? 0.95 : 0.85;
  if (a.core === b.core || a.sortedCore === b.sortedCore) return equipmentFactor;
  const dice = diceSimilarity(a.core, b.core);
  return dice >= 0.9 && Math.min(a.core.length, b.core.length) >= 6 ? dice * equipmentFactor : 0;
}

/** The lowest similarity taken as a match. */
export const MATCH_THRESHOLD = 0.8;

/** Something a name can be matched to: its spellings, and the equipment they all imply. */
export interface MatchCandidate<T> {
  value: T;
  names: readonly string[];
  equipment?: Equipment | null;
}

/** Candidates parsed once, to match many names against. */
export class NameMatcher<T> {
  private readonly parsed: Array<{ value: T; names: ParsedName[] }>;

  constructor(candidates: readonly MatchCandidate<T>[]) {
    this.parsed = candidates.map((candidate) => ({
      value: candidate.value,
      names: candidate.names.map((name) => parseName(name, candidate.equipment ?? null)),
    }));
  }

  /** The most similar candidate at or above `threshold` (the earlier one on a tie), or null. */
  best(name: string, threshold = MATCH_THRESHOLD): { value: T; score: number } | null {
    const source = parseName(name);
    let best: { value: T; score: number } | null = null;
    for (const candidate of this.parsed) {
      for (const parsed of candidate.names) {
        const score = similarity(source, parsed);
        if (score >= threshold && (best === null || score > best.score)) {
          best = { value: candidate.value, score };
        }
      }
    }
    return best;
  }
}

/** Every spelling of a catalogue exercise: Korean, English, the aliases. */
export function catalogueNames(entry: CatalogueExercise): string[] {
  return [entry.name, entry.english, ...entry.aliases];
}

let catalogueMatcher: NameMatcher<CatalogueExercise> | null = null;

/** The catalogue exercise `name` means (Korean or English, fuzzy), or null. */
export function matchCatalogue(name: string): CatalogueExercise | null {
  catalogueMatcher ??= new NameMatcher(
    CATALOGUE.map((entry) => ({
      value: entry,
      names: catalogueNames(entry),
      equipment: entry.equipment,
    })),
  );
  return catalogueMatcher.best(name)?.value ?? null;
}
