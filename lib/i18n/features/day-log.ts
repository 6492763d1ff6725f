import { restDuration } from '../format';

export const dayLog = {
  heading: (dateKey: string) => `${dateKey} 운동 일지`,
  empty: '운동 기록이 없습니다.',
  completed: '완료',
  add: '추가',
  edit: '수정',
  save: '저장',
  back: '뒤로',
  tabExercises: '운동',
  tabRoutines: '루틴',
  addSet: '세트 추가',
  pageTitle: '운동 캘린더',
  pageDescription: '날짜를 고르면 그날의 운동 일지를 보고 기록할 수 있습니다.',
  calendarLabel: '운동 캘린더',
  monthTitle: (year: number, month: number) => `${year}.${String(month).padStart(2, '0')}`,
  prevMonth: '이전 달',
  nextMonth: '다음 달',
  prevYear: '이전 해',
  nextYear: '다음 해',
  changeView: '달력 보기 전환',
  goToday: '오늘',
  done: '완료',
  notDone: '미완료',
  monthLoading: '이번 달 운동 기록을 불러오는 중...',
  monthLoadFailed: '이번 달 운동 기록을 불러오지 못했습니다.',
  loading: '운동 일지를 불러오는 중...',
  loadFailed: '운동 일지를 불러오지 못했습니다.',
  emptyHint: '추가 버튼으로 운동이나 루틴을 기록해 보세요.',
  exerciseCount: (n: number) => `운동 ${n}개`,
  checkFailed: '완료 상태를 저장하지 못했습니다.',
  addDescription: (date: string) => `${date}에 기록할 운동이나 루틴을 고르세요.`,
  addTabsLabel: '추가할 항목 종류',
  noExercises: '등록한 운동이 없습니다. 운동 페이지에서 먼저 운동을 등록해주세요.',
  noRoutines: '만든 루틴이 없습니다. 루틴 페이지에서 먼저 루틴을 만들어주세요.',
  goToExercises: '운동 등록하러 가기',
  goToRoutines: '루틴 만들러 가기',
  exercisesLoadFailed: '운동 목록을 불러오지 못했습니다.',
  routinesLoadFailed: '루틴 목록을 불러오지 못했습니다.',
  selectedCount: (n: number) => `${n}개 선택됨`,
  selectionOrder: (n: number) => `${n}번째로 추가`,
  saving: '저장 중...',
  added: '운동 일지에 추가했습니다.',
  addFailed: '운동 일지에 추가하지 못했습니다.',
  editDescription: (date: string) => `${date} 운동 일지`,
  editEmpty: '이 날짜에 남은 운동이 없습니다.',
  removeExercise: (name: string) => `${name} 삭제`,
  remove: '삭제',
  removed: '운동을 일지에서 삭제했습니다.',
  removeFailed: '운동을 삭제하지 못했습니다.',
  updated: '운동 일지를 수정했습니다.',
  updateFailed: '운동 일지를 수정하지 못했습니다.',
  cancel: '취소',
} as const;

export const restTimer = {
  region: '휴식 타이머',
  decrease: (seconds: number) => `-${seconds}초`,
  decreaseLabel: (seconds: number) => `휴식 ${seconds}초 줄이기`,
  increase: (seconds: number) => `+${seconds}초`,
  increaseLabel: (seconds: number) => `휴식 ${seconds}초 늘리기`,
  skip: '건너뛰기',
  skipLabel: '휴식 건너뛰기',
  close: '닫기',
  closeLabel: '휴식 타이머 닫기',
  finished: '휴식 끝',
  /** Announced once when a rest starts (aria-live). */
  started: (label: string, durationMs: number) =>
    `${label ? `${label} ` : ''}휴식 ${restDuration(Math.max(0, Math.round(durationMs / 1000)))} 시작`,
  /** Announced once when ten seconds are left. */
  tenSecondsLeft: '휴식 10초 남았습니다',
  notifications: {
    ask: '휴식 끝 알림 받기',
    granted: '휴식이 끝나면 알림을 보냅니다.',
    denied: '알림이 차단되어 있습니다. 브라우저 설정에서 알림을 허용해주세요.',
  },
} as const;

export const trainingSettings = {
  heading: '운동 설정',
  weightUnit: '무게 단위',
  autoCompleteDay: '마지막 세트를 완료하면 그날 운동도 완료로 표시',
  restSeconds: '기본 휴식 시간',
  notificationsHint: '휴식이 끝나면 알림으로 알려 드릴 수 있습니다.',
  saveFailed: '설정을 저장하지 못했습니다.',
} as const;

export const rest = {
  /** `1분 30초`, `45초`, `2분`. */
  duration: restDuration,
  memberDefault: (seconds: number) => `기본 (${restDuration(seconds)})`,
  exerciseLabel: '세트 사이 휴식',
} as const;

export const sets = {
  repsPlaceholder: (n: number) => `반복 횟수 (Set ${n})`,
  weightPlaceholder: (n: number) => `무게 (Set ${n})`,
  label: (n: number) => `${n}세트`,
  reps: (n: number) => `${n}회`,
  weight: (kg: number) => `${kg}kg`,
  add: '세트 추가',
  remove: (n: number) => `${n}세트 삭제`,
  repsLabel: (n: number) => `반복 횟수 (Set ${n})`,
  weightLabel: (n: number) => `무게 (Set ${n})`,
  repsUnit: '회',
  weightUnit: 'kg',
  count: (n: number) => `${n}세트`,
  groupLabel: (name: string) => `${name} 세트`,
} as const;

/** The home on phones (issue 29): the calendar folds to the chosen day's week. */
export const homePhone = {
  /** A disclosure (aria-expanded): the whole month instead of the week strip. */
  showMonth: '한 달 보기',
} as const;

/** The day log's inline set rows (issue 29, the phone home). */
export const inlineSets = {
  weightLabel: (n: number) => `${n}세트 무게`,
  repsLabel: (n: number) => `${n}세트 반복 횟수`,
  /** Shown beside the rows' inputs: the unit typed. */
  repsUnit: '회',
  /** A row's save state (aria-live). */
  saving: '저장 중...',
  saved: '저장됨',
  queued: '연결되면 저장됩니다',
  saveFailed: '저장하지 못했습니다.',
  retry: '다시 시도',
  addSet: '세트 추가',
  addSetLabel: (name: string) => `${name} 세트 추가`,
  addSetFailed: '세트를 추가하지 못했습니다.',
} as const;

export const sync = {
  /** The chip's states. */
  offline: '오프라인',
  offlineHint: '기록은 이 기기에 저장되고, 연결되면 자동으로 보냅니다.',
  syncing: '동기화 중…',
  waiting: (count: number) => `변경 ${count}개 대기 중`,
  synced: '동기화됨',
  refused: (count: number) => `저장하지 못한 변경 ${count}개`,
  /** The panel the chip opens. */
  panelTitle: '동기화 상태',
  panelWaiting: '보낼 차례를 기다리는 변경',
  panelRefused: '서버가 받지 않은 변경',
  panelEmpty: '모든 변경이 저장되었습니다.',
  conflictRule:
    '다른 기기에서 삭제된 날이나 운동에 한 변경은 서버의 상태를 따르고, 여기에 남아 알려 드립니다.',
  retry: '다시 시도',
  retryLabel: (label: string) => `${label} 다시 시도`,
  drop: '버리기',
  dropLabel: (label: string) => `${label} 버리기`,
  dropped: '변경을 버렸습니다.',
  dependsOnRefused: '먼저 한 변경이 저장되지 않아 이 변경도 적용할 수 없습니다.',
  dayGone: '이 날의 기록이 다른 곳에서 삭제되었습니다.',
  goneElsewhere: '다른 곳에서 삭제된 기록이라 적용하지 못했습니다.',
  /** What a queued change was, for the panel: `11/25 벤치프레스 추가`. */
  labels: {
    add: (monthDay: string, names: string) => `${monthDay} ${names} 추가`,
    sets: (monthDay: string, names: string) => `${monthDay} ${names} 세트 수정`,
    sequence: (monthDay: string) => `${monthDay} 운동 순서 변경`,
    tick: (monthDay: string, name: string, set: number) => `${monthDay} ${name} ${set}세트 완료`,
    untick: (monthDay: string, name: string, set: number) =>
      `${monthDay} ${name} ${set}세트 완료 취소`,
    check: (monthDay: string) => `${monthDay} 완료 표시`,
    uncheck: (monthDay: string) => `${monthDay} 완료 해제`,
    delete: (monthDay: string, name: string) => `${monthDay} ${name} 삭제`,
  },
  /** Shown instead of a spinner where a feature needs the connection. */
  chatOffline: '오프라인입니다. 연결되면 메시지를 보낼 수 있습니다.',
  postOffline: '오프라인에서는 게시물을 올릴 수 없습니다. 연결된 뒤 다시 시도해 주세요.',
  /** Logout with changes still waiting. */
  logoutTitle: '저장되지 않은 변경이 있습니다',
  logoutBody: (count: number) =>
    `아직 서버에 보내지 못한 변경 ${count}개가 있습니다. 로그아웃하면 이 기기에서 지워집니다.`,
  logoutAnyway: '그래도 로그아웃',
  cancel: '취소',
} as const;

/** The day log: the calendar's day, sets and their ticks, the rest timer, the phone home, offline sync. */
export const dayLogMessages = {
  dayLog,
  restTimer,
  trainingSettings,
  rest,
  sets,
  homePhone,
  inlineSets,
  sync,
} as const;
