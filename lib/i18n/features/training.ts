import { josa } from '../josa';

/** Training: exercises and the catalogue, routines, records and history, the week summary. */
export const trainingMessages = {
  training: {
    /** Accessible name of a set's tick button (its state is aria-pressed). */
    tickSet: (n: number) => `${n}세트 완료`,
    /** The last earlier session of the exercise, e.g. `지난번 11/21: 60kg × 10, 10, 8`. */
    previous: (monthDay: string, summary: string) => `지난번 ${monthDay}: ${summary}`,
    pr: 'PR',
    prTitle: (kinds: string) => `개인 기록: ${kinds}`,
    recordKinds: {
      weight: '최고 무게',
      oneRepMax: '추정 1RM (Epley)',
      setVolume: '세트 볼륨',
      sessionVolume: '세션 볼륨',
      repsAtWeight: '무게별 최다 반복',
    },
    sessionVolumePr: '세션 볼륨 PR',
    tickFailed: '세트 완료 표시를 저장하지 못했습니다.',
  },
  /** Issue 27: a set's kind (one-tap badge) and its RPE with reps in reserve. */
  setKinds: {
    /** The kinds as the badge's menu lists them. */
    types: {
      NORMAL: '일반 세트',
      WARMUP: '워밍업',
      DROP: '드롭 세트',
      FAILURE: '실패 세트',
    },
    /** The marks beside the menu's kinds (`W 워밍업`; a working set is numbered). */
    letters: { NORMAL: '1', WARMUP: 'W', DROP: 'D', FAILURE: 'F' },
    /** The badge button's accessible name, e.g. `3세트 종류: 드롭 세트 D, 2세트에 이어짐`. */
    badgeLabel: (n: number, type: string, joinedTo: number | null) =>
      joinedTo === null
        ? `${n}세트 종류: ${type}`
        : `${n}세트 종류: ${type}, ${joinedTo}세트에 이어짐`,
    /**
     * A kind in the badge's name, with what the badge shows (the name holds the visible label):
     * `일반 세트 1`, `드롭 세트 D`, `워밍업 W, 볼륨과 기록에 포함되지 않음`.
     */
    kindName: (type: string, shown: string, note: string | null) =>
      `${type} ${shown}${note ? `, ${note}` : ''}`,
    menuLabel: (n: number) => `${n}세트 종류 선택`,
    /** A warm-up's note (screen readers, title): it counts in neither volume nor records. */
    warmupNote: '볼륨과 기록에 포함되지 않음',
    typeFailed: '세트 종류를 저장하지 못했습니다.',
    rpeLabel: (n: number) => `${n}세트 RPE`,
    /** The picker's empty choice: no RPE (choosing it clears one). */
    rpeNone: 'RPE',
    rpeNoneOption: 'RPE 없음',
    /** `RPE 8 · RIR 2`: reps in reserve = 10 − RPE. */
    rpe: (rpe: number, rir: number) => `RPE ${rpe} · RIR ${rir}`,
    /** Read-only lists: `RPE 8`. */
    rpeShort: (rpe: number) => `RPE ${rpe}`,
    /** Reps in reserve beside or under the RPE: `RIR 2`. */
    rirShort: (rir: number) => `RIR ${rir}`,
    rpeFailed: 'RPE를 저장하지 못했습니다.',
  },
  /** Issue 27 point 5: the plate calculator and warm-up ramp, and the bar and plates setting. */
  plates: {
    open: '원판 계산',
    openLabel: (name: string, weight: string) => `${name} ${weight} 원판 계산`,
    title: (name: string) => `${name} 원판 계산`,
    description: (weight: string) => `목표 ${weight}, 한쪽에 끼울 원판`,
    /** The bar alone: `바벨 20kg`. */
    bar: (weight: string) => `바벨 ${weight}`,
    perSideHeading: '한쪽 원판',
    resultLabel: '원판 계산 결과',
    /** The plates per side as text, e.g. `한쪽에 25kg 1장, 15kg 1장`. */
    perSide: (list: string) => `한쪽에 ${list}`,
    plateCount: (size: string, count: number) => `${size} ${count}장`,
    emptyBar: '원판 없이 바벨만',
    exact: (weight: string) => `${weight} 그대로 끼울 수 있습니다.`,
    /**
     * The target cannot be loaded exactly: the nearest loadable weight and its neighbours. Worded
     * with 에, which follows any weight (kg and lb read differently: 킬로그램을, 파운드를).
     */
    nearest: (target: string, nearest: string) =>
      `${target}에 정확히 맞출 수 없어 가장 가까운 ${nearest}에 맞췄습니다.`,
    neighbours: (below: string, above: string | null) =>
      above ? `가능한 무게: ${below} 또는 ${above}` : `가능한 최대 무게: ${below}`,
    belowBar: (bar: string) => `바벨(${bar})보다 가벼워 바벨만 사용합니다.`,
    rampHeading: '워밍업',
    /** One step of the ramp: `40kg × 5회`. */
    rampStep: (weight: string, reps: number) => `${weight} × ${reps}회`,
    rampEmpty: '바벨 무게 이하라 워밍업이 필요하지 않습니다.',
    addRamp: '워밍업 세트 추가',
    addRampFailed: '워밍업 세트를 추가하지 못했습니다.',
    addRampTooMany: '세트가 너무 많아 워밍업 세트를 추가할 수 없습니다.',
    added: (count: number) => `워밍업 세트 ${count}개를 추가했습니다.`,
    close: '닫기',
    /** The settings' editor. */
    settingsHeading: (unit: string) => `바벨과 원판 (${unit})`,
    settingsHint: '원판 계산과 워밍업이 이 바벨과 원판으로 계산됩니다.',
    barLabel: (unit: string) => `바벨 무게 (${unit})`,
    pairsLabel: (size: string) => `${size} 원판 쌍 수`,
    pairsUnit: '쌍',
    save: '원판 저장',
    saved: '바벨과 원판을 저장했습니다.',
    reset: '기본값',
    invalid: '바벨 무게는 0보다 크고 100 이하여야 합니다.',
  },
  exercise: {
    name: '운동명',
    memo: '메모',
    nameRequired: '운동 이름을 입력해주세요.',
    repsInvalid: '반복 횟수를 정확히 입력해주세요.',
    setsRequired: '운동 세트를 입력해주세요.',
    weightInvalid: '무게를 정확히 입력해주세요.',
    setsTooMany: (max: number) => `운동 세트는 ${max}개 이하로 입력해주세요.`,
    selectionTooMany: (max: number) => `한 번에 ${max}개까지 추가할 수 있습니다.`,
    classification: '운동 부위',
    add: '운동 추가',
    addTitle: '운동 추가',
    editTitle: '운동 수정',
    save: '저장',
    saving: '저장 중...',
    delete: '삭제',
    cancel: '취소',
    description: '부위별로 정리된 나만의 운동 목록입니다.',
    loading: '운동 목록을 불러오는 중...',
    loadFailed: '운동 목록을 불러오지 못했습니다.',
    emptyTitle: '아직 등록한 운동이 없습니다.',
    emptyDescription: '자주 하는 운동과 세트를 등록해 두면 일지와 루틴에서 바로 쓸 수 있습니다.',
    memoPlaceholder: '자세, 팁, 기구 설정 등을 적어두세요.',
    namePlaceholder: '예: 벤치프레스',
    setsLegend: '세트',
    created: '운동을 저장했습니다.',
    updated: '운동을 수정했습니다.',
    deleted: '운동을 삭제했습니다.',
    saveFailed: '운동을 저장하지 못했습니다. 잠시 후 다시 시도해주세요.',
    deleteFailed: '운동을 삭제하지 못했습니다.',
    deleteConfirm: (name: string) => `'${name}' 운동을 삭제하시겠습니까?`,
    deleteConfirmTitle: '운동 삭제',
    inUse: '루틴이나 운동 일지에서 사용 중인 운동은 삭제할 수 없습니다.',
    openEdit: (name: string) => `${name} 수정`,
    groupCount: (n: number) => `${n}개`,
  },
  routine: {
    name: '루틴명',
    list: '루틴 목록',
    empty: '운동이 없습니다.',
    addExercise: '운동 추가',
    nameRequired: '루틴 이름을 입력해주세요.',
    add: '루틴 추가',
    addTitle: '루틴 추가',
    namePlaceholder: '예: 상체 루틴',
    description: '자주 하는 운동을 묶어 순서대로 관리하세요.',
    loading: '루틴 목록을 불러오는 중...',
    loadFailed: '루틴 목록을 불러오지 못했습니다.',
    emptyTitle: '아직 만든 루틴이 없습니다.',
    emptyDescription: '루틴을 만들고 운동을 추가해 보세요.',
    edit: '수정',
    editTitle: (name: string) => `${name} 수정`,
    delete: '삭제',
    save: '저장',
    saving: '저장 중...',
    cancel: '취소',
    exerciseCount: (n: number) => `운동 ${n}개`,
    expand: (name: string) => `${name} 펼치기`,
    addExercisesTitle: (name: string) => `${name}에 운동 추가`,
    noExercisesInLibrary: '추가할 운동이 없습니다. 운동 페이지에서 먼저 운동을 등록해주세요.',
    goToExercises: '운동 등록하러 가기',
    selectAtLeastOne: '추가할 운동을 선택해주세요.',
    selectedCount: (n: number) => `${n}개 선택됨`,
    removeExercise: (name: string) => `${name} 삭제`,
    reorderHandle: (name: string, position: number) => `${position}번째 운동 ${name} 순서 변경`,
    reorderInstructions:
      '스페이스 바를 눌러 운동을 들어 올리고, 위아래 화살표로 옮긴 뒤 스페이스 바로 내려놓으세요. Esc를 누르면 취소됩니다.',
    created: '루틴을 만들었습니다.',
    createFailed: '루틴을 만들지 못했습니다.',
    deleted: '루틴을 삭제했습니다.',
    deleteFailed: '루틴을 삭제하지 못했습니다.',
    deleteConfirm: (name: string) => `'${name}' 루틴을 삭제하시겠습니까?`,
    deleteConfirmTitle: '루틴 삭제',
    exercisesAdded: '루틴에 운동을 추가했습니다.',
    exercisesAddFailed: '운동을 추가하지 못했습니다.',
    updated: '루틴을 수정했습니다.',
    updateFailed: '루틴을 수정하지 못했습니다.',
    editEmpty: '루틴에 운동이 없습니다. 운동 추가로 채워 보세요.',
    // Issue 29: a routine starts from its card, and the collapsed card names its exercises.
    start: '오늘 시작',
    starting: '시작 중...',
    startHint: (name: string) =>
      `${josa(name, '을/를')} 오늘 운동 일지에 추가하고 홈으로 이동합니다.`,
    started: (name: string) => `${josa(name, '을/를')} 오늘 운동 일지에 추가했습니다.`,
    startQueued: (name: string) =>
      `${josa(name, '을/를')} 오늘 운동 일지에 추가했습니다. 연결되면 저장됩니다.`,
    startFailed: '루틴을 오늘 운동 일지에 추가하지 못했습니다.',
    exerciseNames: (names: readonly string[]) =>
      names.length <= 3
        ? names.join(' · ')
        : `${names.slice(0, 3).join(' · ')} 외 ${names.length - 3}개`,
    // Issue 27: share links.
    share: '공유 링크 만들기',
    sharing: '링크 만드는 중...',
    shared: '공유 링크를 만들었습니다.',
    shareFailed: '공유 링크를 만들지 못했습니다.',
    copyLink: '링크 복사',
    linkCopied: '링크를 복사했습니다.',
    linkCopyFailed: '링크를 복사하지 못했습니다. 링크를 길게 눌러 복사해주세요.',
    shareLinkLabel: (name: string) => `${name} 공유 링크`,
    sharedBadge: '공유 중',
    revoke: '공유 중지',
    revokeConfirmTitle: '공유 중지',
    revokeConfirm: (name: string) =>
      `'${name}' 루틴의 공유 링크를 중지할까요? 이미 보낸 링크는 더 이상 열리지 않습니다.`,
    revoked: '공유를 중지했습니다.',
    revokeFailed: '공유를 중지하지 못했습니다.',
  },
  sharedRoutine: {
    pageTitle: '공유된 루틴',
    byOwner: (name: string) => `${name}님의 루틴`,
    yours: '내가 공유한 루틴입니다.',
    summary: (exercises: number, sets: number) => `운동 ${exercises}개 · ${sets}세트`,
    copy: '내 루틴으로 복사',
    copying: '복사하는 중...',
    copied: (name: string) => `${josa(name, '을/를')} 내 루틴으로 복사했습니다.`,
    copyFailed: '루틴을 복사하지 못했습니다.',
    empty: '운동이 없는 루틴입니다.',
    notFoundTitle: '공유 링크를 찾을 수 없습니다.',
    notFoundBody: '링크가 잘못되었거나 공유가 중지되었습니다.',
    backToRoutines: '내 루틴 보기',
    signInTitle: '로그인하고 루틴 보기',
    signInBody: '로그인하면 운동과 세트를 모두 보고 내 루틴으로 복사할 수 있습니다.',
    signIn: '로그인',
    description: (name: string, exercises: number) =>
      `EveryHealth에서 공유된 루틴 '${name}' (운동 ${exercises}개)`,
    ogBrand: 'EveryHealth',
    ogExercises: (n: number) => `운동 ${n}개`,
    ogSets: (n: number) => `${n}세트`,
    ogAlt: (name: string) => `공유된 루틴 ${name}`,
  },
  reorder: {
    lifted: (name: string, position: number) =>
      `${josa(name, '을/를')} 들어 올렸습니다. 현재 ${position}번째입니다.`,
    moved: (name: string, position: number) => `${name}: ${position}번째로 이동`,
    dropped: (name: string, position: number) =>
      `${josa(name, '을/를')} ${position}번째에 내려놓았습니다.`,
    cancelled: (name: string) => `${name} 이동을 취소했습니다.`,
  },
  classification: {
    CHEST: '가슴',
    BACK: '등',
    SHOULDER: '어깨',
    BICEPS: '이두',
    TRICEPS: '삼두',
    LOWERBODY: '하체',
    ABS: '복근',
  },
  history: {
    pageTitle: '운동 기록',
    /** The line under the exercise's name: its body part. */
    description: (bodyPart: string) => `${bodyPart} · 세션별 추이와 개인 기록`,
    bodyPartLabel: '운동 부위',
    backToList: '운동 목록',
    rangeLabel: '기간',
    ranges: { '3m': '3개월', '1y': '1년', all: '전체' },
    progressHeading: '추이',
    oneRepMax: '추정 1RM',
    topSet: '최고 세트 무게',
    /** The formula footnote of the estimated one-rep max. */
    oneRepMaxCaption: (formula: string) => `추정 1RM (${formula} 공식)과 최고 세트 무게`,
    volumeCaption: '세션별 볼륨 (반복 × 무게의 합)',
    progressSummary: (sessions: number, first: string, last: string, best: string) =>
      `세션 ${sessions}회의 추정 1RM: 처음 ${first}, 최근 ${last}, 최고 ${best}`,
    volumeSummary: (sessions: number, last: string, best: string) =>
      `세션 ${sessions}회의 볼륨: 최근 ${last}, 최고 ${best}`,
    showTable: '표로 보기',
    progressTableCaption: '세션별 추정 1RM과 최고 세트',
    volumeTableCaption: '세션별 볼륨과 세트 수',
    /** The RPE chart (issue 27): the mean RPE of each session's sets that have one. */
    rpeCaption: '세션별 평균 RPE (RIR = 10 − RPE)',
    rpeAxis: 'RPE',
    rpe: '평균 RPE',
    topSetRpe: '최고 세트 RPE',
    /** `8.5 (RIR 1.5)`. */
    rpeValue: (rpe: number) => `${rpe} (RIR ${Math.round((10 - rpe) * 10) / 10})`,
    noRpe: '—',
    rpeSummary: (sessions: number, last: string, highest: number) =>
      `RPE를 기록한 세션 ${sessions}회: 최근 평균 ${last}, 가장 높은 평균 ${highest}`,
    rpeTableCaption: '세션별 평균 RPE와 최고 세트 RPE',
    date: '날짜',
    volume: '볼륨',
    setCount: '세트 수',
    /** A set as lifted: `100kg × 5회`. */
    set: (weight: string, reps: number) => `${weight} × ${reps}회`,
    unitAxis: (unit: string) => `단위 ${unit}`,
    recordsHeading: '개인 기록',
    recordsNote: '전체 기간의 최고 기록과 처음 달성한 날짜입니다.',
    records: {
      weight: '최고 무게',
      oneRepMax: '추정 1RM',
      setVolume: '최고 세트 볼륨',
      sessionVolume: '최고 세션 볼륨',
      repsAtWeight: '무게별 최다 반복',
    },
    reachedOn: (date: string) => `${date} 달성`,
    weight: '무게',
    maxReps: '최다 반복',
    reps: (n: number) => `${n}회`,
    noRecord: '아직 없음',
    emptyTitle: '아직 이 운동의 기록이 없습니다',
    emptyBody:
      '홈 캘린더에서 이 운동을 날짜에 추가하고, 한 세트를 체크하거나 그날을 완료로 표시하면 여기에 추이와 개인 기록이 쌓입니다.',
    emptyAction: '캘린더에서 기록하기',
    emptyRangeTitle: '이 기간에는 기록이 없습니다',
    emptyRangeBody: '더 긴 기간을 골라 이전 기록을 확인해 보세요.',
    emptyRangeAction: '전체 기간 보기',
    notFoundTitle: '운동을 찾을 수 없습니다',
    notFoundBody: '삭제되었거나 내 운동 목록에 없는 운동입니다.',
    /** The exercise card's link to the history, e.g. `벤치프레스 기록 보기`. */
    open: '기록 보기',
    openLabel: (name: string) => `${name} 기록 보기`,
  },
  weekSummary: {
    heading: '이번 주',
    sessions: '운동',
    sessionsValue: (n: number) => `${n}회`,
    volume: '볼륨',
    streak: (weeks: number) => `${weeks}주 연속`,
    streakLabel: '연속 운동',
    bodyParts: '부위별 세트 (지난주 대비)',
    /** A body part's sets this week and the change from last week: `가슴 6세트 (+2)`. */
    bodyPartSets: (part: string, sets: number, delta: string) => `${part} ${sets}세트 (${delta})`,
    lastWeek: (sessions: number) => `지난주 ${sessions}회`,
    empty: '이번 주 첫 운동을 기록해 보세요.',
    loading: '이번 주 요약을 불러오는 중...',
    loadFailed: '이번 주 요약을 불러오지 못했습니다.',
  },
  /** The built-in exercise catalogue in the add sheet, /exercise and the import (issue 29). */
  catalogue: {
    searchLabel: '운동 검색',
    searchPlaceholder: '이름 또는 초성 (예: 벤치, ㅂㅊㅍㄹㅅ)',
    clearSearch: '검색어 지우기',
    partsLabel: '운동 부위로 거르기',
    all: '전체',
    recent: '최근 운동',
    mine: '내 운동',
    heading: '카탈로그',
    show: (count: number) => `카탈로그 운동 ${count}개 보기`,
    hide: '카탈로그 접기',
    loading: '카탈로그를 불러오는 중…',
    loadFailed: '카탈로그를 불러오지 못했습니다.',
    noResults: '찾는 운동이 없습니다. 운동 페이지에서 직접 등록할 수 있습니다.',
    resultCount: (count: number) => `운동 ${count}개`,
    emptyLibrary: '아직 등록한 운동이 없습니다. 카탈로그에서 골라 바로 기록해 보세요.',
    entryMeta: (part: string, equipment: string) => `${part} · ${equipment}`,
    adding: (name: string) => `${josa(name, '을/를')} 내 운동에 추가하는 중…`,
    added: (name: string) => `${josa(name, '을/를')} 내 운동에 추가했습니다.`,
    addFailed: '카탈로그 운동을 추가하지 못했습니다. 연결을 확인한 뒤 다시 시도해 주세요.',
    addFromCatalogue: '카탈로그에서 추가',
    addToLibrary: (name: string) => `${josa(name, '을/를')} 내 운동에 추가`,
    inLibrary: '추가됨',
    equipment: {
      BARBELL: '바벨',
      DUMBBELL: '덤벨',
      MACHINE: '머신',
      CABLE: '케이블',
      BODYWEIGHT: '맨몸',
      KETTLEBELL: '케틀벨',
      BAND: '밴드',
      SMITH_MACHINE: '스미스머신',
    },
  },
} as const;
