import { IMPORT_LIMITS, type ImportSkipReason, LIMITS } from '@/lib/contract/values';

import { josa } from '../josa';

/** The member's account and data: profile, its edit, settings, export, import, account deletion. */
export const accountMessages = {
  profile: {
    posts: '게시물',
    friends: '친구',
    noPosts: '아직 게시물이 없습니다.',
    noFriends: '아직 친구가 없습니다.',
    tabsLabel: '프로필 내용',
    statsLabel: '활동 요약',
    /** The own profile's link to /friend (not `친구 요청`, which read as "add me"). */
    manageFriends: '친구 관리',
    postsLoading: '게시물을 불러오는 중...',
    postsLoadFailed: '게시물을 불러오지 못했습니다.',
    friendsLoading: '친구 목록을 불러오는 중...',
    friendsLoadFailed: '친구 목록을 불러오지 못했습니다.',
    postImage: (text: string) => (text.trim() ? text.trim() : '게시물 이미지'),
    postsLabel: '게시물 목록',
    friendsLabel: '친구 목록',
    noPostsHint: '포스트 페이지에서 오늘의 운동을 공유해 보세요.',
    noFriendsHint: '친구 요청 페이지에서 추천 친구에게 먼저 인사해 보세요.',
    countUnknown: '–',
  },
  notificationSettings: {
    heading: '알림 설정',
    description: '받을 알림을 고르세요.',
    friendRequest: '친구 요청을 받았을 때',
    friendAccept: '친구 요청이 수락되었을 때',
    comment: '내 게시물에 댓글이 달렸을 때',
    like: '내 게시물에 좋아요가 눌렸을 때',
    saveFailed: '알림 설정을 저장하지 못했습니다.',
    loadFailed: '알림 설정을 불러오지 못했습니다.',
  },
  dataRights: {
    heading: '내 데이터',
    exportButton: '내 데이터 내려받기',
    exportDescription:
      '운동 기록(세트별 CSV), 운동과 루틴, 게시물과 사진, 댓글, 친구, 클럽, 채팅 메시지를 ZIP 파일로 내려받습니다.',
    /** `계정 삭제`: the profile's button and its confirmation. */
    deleteHeading: '계정 삭제',
    deleteDescription: '계정과 모든 데이터를 영구히 삭제합니다. 삭제한 뒤에는 되돌릴 수 없습니다.',
    deleteButton: '계정 삭제',
    deleteTitle: '계정을 삭제할까요?',
    deleteIntro: '다음 데이터가 모두 영구히 삭제되며, 되돌릴 수 없습니다.',
    deleteItems: [
      '운동 기록',
      '운동 라이브러리와 루틴',
      '게시물과 사진',
      '댓글',
      '좋아요',
      '친구 관계',
      '알림',
      '내가 만든 클럽과 그 채팅',
    ],
    deleteItemsLabel: '삭제되는 데이터',
    deleteMessagesStay:
      "다른 클럽에 남긴 채팅 메시지는 대화가 이어지도록 '(탈퇴한 회원)'의 메시지로 남습니다.",
    deleteSignsOut: '모든 기기에서 로그아웃됩니다.',
    deleteExportHint: '보관하고 싶은 기록이 있다면 삭제하기 전에 내려받으세요.',
    deleteConfirmCheck: '위 내용을 확인했으며, 계정을 영구히 삭제합니다.',
    deleteConfirm: '계정 영구 삭제',
    deleting: '삭제하는 중...',
    deleteFailed: '계정을 삭제하지 못했습니다. 잠시 후 다시 시도해주세요.',
  },
  dataImport: {
    heading: '기록 가져오기',
    description:
      'Strong, Hevy 또는 EveryHealth에서 내보낸 CSV 파일의 운동 기록을 달력으로 가져옵니다. 가져오기 전에 미리 보기로 확인할 수 있습니다.',
    chooseFile: 'CSV 파일 선택',
    chooseAnother: '다른 파일 선택',
    fileHint: `CSV 파일, 최대 ${IMPORT_LIMITS.fileBytes / 1024 / 1024}MB`,
    tooLarge: `파일이 너무 큽니다. ${IMPORT_LIMITS.fileBytes / 1024 / 1024}MB 이하의 CSV 파일만 가져올 수 있습니다.`,
    reading: (file: string) => `${file} 읽는 중…`,
    readFailed: '파일을 읽지 못했습니다.',
    previewHeading: (file: string) => `미리 보기: ${file}`,
    format: '형식',
    formats: { strong: 'Strong', hevy: 'Hevy', everyhealth: 'EveryHealth' },
    period: '기간',
    periodValue: (first: string, last: string) => (first === last ? first : `${first} ~ ${last}`),
    days: '운동한 날',
    sessions: '운동 세션',
    sets: '세트',
    dayCount: (count: number) => `${count.toLocaleString('ko-KR')}일`,
    count: (count: number) => `${count.toLocaleString('ko-KR')}개`,
    existingDays: (count: number) =>
      `이미 기록이 있는 ${count.toLocaleString('ko-KR')}일은 그날의 기존 운동 뒤에 추가됩니다.`,
    unitLegend: '파일의 무게 단위',
    unitHint: 'Strong에서 쓰던 단위를 고르세요.',
    exercisesHeading: (count: number, created: number) =>
      created === 0 ? `운동 ${count}개` : `운동 ${count}개 (새 운동 ${created}개)`,
    /** `세트 3개 · 새 운동으로 추가`. */
    exerciseMeta: (sets: number, status: string) =>
      `세트 ${sets.toLocaleString('ko-KR')}개 · ${status}`,
    matched: (name: string) => `내 운동 '${name}'에 기록`,
    created: '새 운동으로 추가',
    bodyPart: (name: string) => `${name} 부위`,
    checkBodyPart: '부위를 확인해 주세요.',
    skippedHeading: (count: number) => `건너뛴 행 ${count.toLocaleString('ko-KR')}개`,
    skippedRows: '건너뛴 행 보기',
    skippedListed: (listed: number) => `처음 ${listed}개만 보여 줍니다.`,
    row: (row: number) => `${row.toLocaleString('ko-KR')}행`,
    reasonCount: (reason: string, count: number) => `${reason}: ${count.toLocaleString('ko-KR')}개`,
    /** A skipped row's reason, with the value that could not be used. */
    skipDetail: (reason: string, value: string | null) => (value ? `${reason} (${value})` : reason),
    reasons: {
      notASet: '세트가 아닌 행(휴식 타이머, 메모)',
      noReps: '반복 횟수가 없는 기록(유산소, 시간 운동)',
      repsOutOfRange: `반복 횟수가 1~${LIMITS.reps}회를 벗어남`,
      weightOutOfRange: `무게가 0~${LIMITS.weight}kg을 벗어남`,
      tooManySets: `하루 한 운동의 세트가 ${LIMITS.sets}개를 넘음`,
      badName: `운동 이름이 없거나 ${LIMITS.name}자를 넘음`,
      badDate: '날짜를 읽을 수 없음',
      badNumber: '숫자를 읽을 수 없음',
    } satisfies Record<ImportSkipReason, string>,
    nothing: '가져올 세트가 없습니다.',
    confirm: '가져오기',
    importing: '가져오는 중…',
    cancel: '취소',
    importFailed: '기록을 가져오지 못했습니다.',
    done: '가져오기를 마쳤습니다.',
    doneSummary: (result: {
      firstDate: string;
      lastDate: string;
      days: number;
      newDays: number;
      sets: number;
      exercisesCreated: number;
    }) => {
      const n = (count: number) => count.toLocaleString('ko-KR');
      const period =
        result.firstDate === result.lastDate
          ? result.firstDate
          : `${result.firstDate} ~ ${result.lastDate}`;
      return `${period} · ${n(result.days)}일(새로운 날 ${n(result.newDays)}일), 세트 ${n(result.sets)}개, 새 운동 ${n(result.exercisesCreated)}개`;
    },
    importAnother: '다른 파일 가져오기',
  },
  /** `프로필 편집` (issue 29): the own name and photo. */
  profileEdit: {
    open: '프로필 편집',
    title: '프로필 편집',
    nameLabel: '이름',
    nameHint: '1~100자',
    photoLabel: '프로필 사진',
    photoChoose: '사진 선택',
    photoChange: '사진 변경',
    photoRemove: '사진 삭제',
    photoHint: 'PNG, JPG, GIF, WebP (최대 10MB)',
    photoPreview: '새 프로필 사진 미리보기',
    photoWillBeRemoved: '저장하면 사진이 삭제되고 이름의 첫 글자가 표시됩니다.',
    notAnImage: '이미지 파일만 업로드 가능합니다.',
    tooLarge: '이미지는 10MB 이하여야 합니다.',
    save: '저장',
    saving: '저장하는 중...',
    cancel: '취소',
    saved: '프로필을 수정했습니다.',
    failed: '프로필을 수정하지 못했습니다.',
  },
  /** The ⚙ `설정` page (issue 29): units, timer, notifications, data and the account. */
  settingsPage: {
    title: '설정',
    /** The profile header's ⚙ link. */
    open: '설정',
    backToProfile: '프로필로',
    appHeading: '앱',
    appDescription:
      '홈 화면에 설치하면 앱처럼 바로 열고, 연결이 없을 때도 운동 기록을 볼 수 있습니다.',
    installed: '이 기기에 설치된 앱에서 보고 있습니다.',
    notOffered:
      '이 브라우저에서는 지금 설치를 제안할 수 없습니다. 브라우저 메뉴의 "홈 화면에 추가"를 이용해 보세요.',
  },
  /** Linking an imported exercise to the member's (issue 29). */
  importMatch: {
    linkLabel: (name: string) => `${name} 연결`,
    newExercise: '새 운동으로',
    toCatalogue: (name: string) => `카탈로그 '${name}' 새로 추가`,
    toExisting: (name: string) => `내 운동 '${name}'`,
    mineGroup: '내 운동',
    catalogueGroup: '카탈로그',
    createsFromCatalogue: (name: string) => `카탈로그 운동 ${josa(name, '으로/로')} 추가`,
    reasons: {
      name: '같은 이름',
      alias: '지난번 선택',
      catalogue: '같은 운동',
      similar: '비슷한 이름',
      choice: '직접 선택',
    },
    remembered: '고른 연결은 기억해 두었다가 다음 가져오기에 그대로 씁니다.',
  },
} as const;
