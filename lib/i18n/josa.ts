/**
 * Korean particles after a word, chosen by its final consonant: `벤치프레스를`, `랫풀다운을`,
 * `민준과`, `지아와`, `서울로`, `부산으로`. The four forms the catalogue uses, with es-hangul's
 * `josa` rules (josa.test.ts checks them against it): a word in capital letters is read letter by
 * letter (`PT를`, `HIIT을`… as 티, 티), anything but a complete Hangul syllable at the end counts as
 * no final consonant, and `으로/로` takes `로` after a ㄹ final.
 *
 * The catalogue's own, not es-hangul's: the catalogue is on every page's first load (global-error
 * included, so /login too), and es-hangul came with it whole (~3 kB gzip), for these few lines.
 */
export type Particle = '을/를' | '이/가' | '와/과' | '으로/로';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const FINALS = 28;
/** The index of ㄹ among the final consonants. */
const RIEUL_FINAL = 8;
/** Capital letters whose Korean reading ends in a consonant (엘, 엠, 엔, 알), and its final. */
const LETTER_FINALS: Record<string, number> = { L: RIEUL_FINAL, M: 16, N: 4, R: RIEUL_FINAL };

/** The final consonant's index of the word's last syllable (0: none). */
function finalOf(word: string): number {
  const last = word[word.length - 1] ?? '';
  if (/^[A-Z]+$/.test(word)) return LETTER_FINALS[last] ?? 0;
  const code = last.charCodeAt(0);
  if (!(code >= HANGUL_FIRST && code <= HANGUL_LAST)) return 0;
  return (code - HANGUL_FIRST) % FINALS;
}

/** `word` followed by the form of `particle` its ending takes. */
export function josa(word: string, particle: Particle): string {
  if (word.length === 0) return word;
  const [afterConsonant, afterVowel] = particle.split('/') as [string, string];
  const final = finalOf(word);
  // 와/과 is written vowel form first; 으로/로 takes 로 after ㄹ as after a vowel.
  if (particle === '와/과') return word + (final > 0 ? afterVowel : afterConsonant);
  if (particle === '으로/로' && final === RIEUL_FINAL) return word + afterVowel;
  return word + (final > 0 ? afterConsonant : afterVowel);
}
