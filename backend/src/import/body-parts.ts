import type { Classification } from '@/lib/contract/exercise';

/**
 * A body-part guess for an exercise the import creates, from keywords of its name (English as
 * Strong and Hevy name their exercises, `Bench Press (Barbell)`, and Korean). The longest keyword
 * found wins, so `Leg Extension` is legs, not triceps, and `Overhead Triceps Extension` triceps,
 * not shoulders; on a tie the earlier group of the table wins. The member can change each guess
 * in the preview.
 */
const KEYWORDS: ReadonlyArray<readonly [Classification, readonly string[]]> = [
  [
    'ABS',
    [
      'crunch',
      'plank',
      'sit up',
      'situp',
      'leg raise',
      'knee raise',
      'ab wheel',
      'ab rollout',
      'russian twist',
      'hollow',
      'v up',
      'abs',
      'oblique',
      '크런치',
      '플랭크',
      '싯업',
      '윗몸',
      '레그레이즈',
      '니레이즈',
      '복근',
      '복부',
      '러시안트위스트',
    ],
  ],
  [
    'LOWERBODY',
    [
      'squat',
      'lunge',
      'leg',
      'leg press',
      'leg extension',
      'leg curl',
      'calf',
      'hip thrust',
      'glute',
      'step up',
      'hip abduct',
      'hip adduct',
      'good morning',
      'hamstring',
      'quad',
      '스쿼트',
      '런지',
      '레그',
      '레그익스텐션',
      '레그컬',
      '레그프레스',
      '카프',
      '힙',
      '하체',
      '종아리',
      '둔근',
      '굿모닝',
    ],
  ],
  [
    'TRICEPS',
    [
      'tricep',
      'extension',
      'pushdown',
      'push down',
      'pressdown',
      'dip',
      'skullcrusher',
      'skull crusher',
      'kickback',
      'close grip bench',
      '삼두',
      '트라이셉',
      '익스텐션',
      '푸시다운',
      '푸쉬다운',
      '프레스다운',
      '킥백',
      '딥스',
      '스컬크러셔',
    ],
  ],
  ['BICEPS', ['curl', 'bicep', 'chin up curl', '컬', '이두', '바이셉', '해머']],
  [
    'SHOULDER',
    [
      'lateral',
      'overhead',
      'shoulder',
      'military',
      'arnold',
      'face pull',
      'rear delt',
      'delt',
      'reverse fly',
      'front raise',
      'upright row',
      'shrug',
      '숄더',
      '숄더프레스',
      '어깨',
      '레터럴',
      '래터럴',
      '사이드레이즈',
      '사레레',
      '밀리터리',
      '오버헤드',
      '아놀드',
      '페이스풀',
      '리어델트',
      '프론트레이즈',
      '슈러그',
    ],
  ],
  [
    'BACK',
    [
      'row',
      'pulldown',
      'pull down',
      'pull up',
      'pullup',
      'chin up',
      'chinup',
      'deadlift',
      'back extension',
      'hyperextension',
      'back',
      '로우',
      '풀다운',
      '풀업',
      '턱걸이',
      '친업',
      '데드리프트',
      '데드',
      '백익스텐션',
      '하이퍼익스텐션',
      '등',
      '광배',
    ],
  ],
  [
    'CHEST',
    [
      'bench',
      'press',
      'fly',
      'flye',
      'chest',
      'pec',
      'push up',
      'pushup',
      'crossover',
      '벤치',
      '프레스',
      '플라이',
      '체스트',
      '가슴',
      '푸시업',
      '푸쉬업',
      '팔굽혀',
      '크로스오버',
      '펙덱',
    ],
  ],
];

/** Latin keywords match at the start of a word (`row` in `Rows`, not in `Narrow`). */
function latinText(name: string): string {
  return ` ${name
    .toLowerCase()
    .replace(/[^a-z0-9가-힣]+/g, ' ')
    .trim()} `;
}

/** The body part a name's keywords suggest; null when none matches. */
export function guessBodyPart(name: string): Classification | null {
  const normalized = name.normalize('NFC');
  const latin = latinText(normalized);
  // Korean is matched without spaces: `레그 컬` and `레그컬` are one exercise.
  const hangul = normalized.replace(/\s+/g, '');
  let best: { part: Classification; length: number } | null = null;
  for (const [part, keywords] of KEYWORDS) {
    for (const keyword of keywords) {
      const found = /[가-힣]/.test(keyword)
        ? hangul.includes(keyword)
        : latin.includes(` ${keyword}`);
      if (found && (best === null || keyword.length > best.length)) {
        best = { part, length: keyword.length };
      }
    }
  }
  return best?.part ?? null;
}
