import { formatWait } from '@/lib/shared/wait';

/** The app around every page: its name, navigation, sign-in, page titles, shared states and dialogs, install and offline pages. */
export const shellMessages = {
  app: {
    name: 'EveryHealth',
    description: '운동 기록과 친구, 클럽을 함께하는 헬스 커뮤니티',
    loading: 'Loading...',
    retry: '다시 시도',
    loadFailed: '불러오지 못했습니다.',
    backendDown: '서버에 연결할 수 없습니다.',
    /** A page whose first view the server could not read (the segment's error boundary). */
    pageLoadFailed: '페이지를 불러오지 못했습니다.',
    pageLoadFailedDetail: '서버에 연결할 수 없거나 잠시 문제가 있습니다. 다시 시도해주세요.',
    badRequest: '잘못된 요청입니다.',
    /**
     * A 429 that came without the backend's own message (a proxy's, or a backend that words it
     * otherwise): the wait from `Retry-After` when there is one.
     */
    tooManyRequests: (wait: string | null) =>
      wait
        ? `요청이 너무 많습니다. ${wait} 후에 다시 시도해주세요.`
        : '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    /** A wait in seconds as words, rounded up: `45초`, `12분`, `2시간 5분`. */
    wait: formatWait,
    skipToContent: '본문으로 건너뛰기',
    mainNavigation: '주요 메뉴',
  },
  nav: {
    home: '홈',
    post: '포스트',
    exercise: '운동',
    routine: '루틴',
    club: '클럽',
    profile: '프로필',
    logout: '로그아웃',
    login: '로그인',
    logoutFailed: '로그아웃에 실패했습니다. 잠시 후 다시 시도해주세요.',
    account: '내 계정',
    /** Read after the member's name in the sidebar's profile link. */
    openProfileSuffix: '프로필 보기',
  },
  login: {
    title: '로그인',
    tagline: '오늘의 운동을 기록하고 친구들과 함께하세요.',
    google: 'Google 계정으로 로그인',
    error: '로그인하지 못했습니다. 잠시 후 다시 시도해주세요.',
    /** After `계정 삭제` (`/login?deleted=1`). */
    accountDeleted: '계정이 삭제되었습니다. 그동안 EveryHealth를 이용해 주셔서 감사합니다.',
    /** The backend refused the sign-in start: too many from this address (`?error=busy`). */
    busy: '로그인 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    features: [
      '운동 캘린더로 매일의 기록을 한눈에',
      '나만의 운동과 루틴 관리',
      '친구, 클럽과 함께 운동하기',
    ],
  },
  pages: {
    home: '홈',
    post: '포스트',
    postUpload: '포스트 업로드',
    exercise: '운동',
    routine: '루틴',
    profile: '프로필',
    settings: '설정',
    friend: '친구',
    friendProfile: '친구 프로필',
    club: '클럽 목록',
    clubCreate: '새로운 클럽 만들기',
    chat: (roomId: string | number) => `채팅방 #${roomId}`,
  },
  placeholders: {
    home: {
      title: '운동 캘린더',
      description: '월별 캘린더와 날짜별 운동 일지가 이곳에 표시됩니다.',
    },
    post: {
      title: '포스트 피드',
      description: '친구들과 나의 운동 사진과 이야기가 이곳에 모입니다.',
    },
    postUpload: {
      title: '새 포스트',
      description: '사진 한 장과 글로 오늘의 운동을 공유할 수 있습니다.',
    },
    exercise: {
      title: '운동 라이브러리',
      description: '부위별로 정리된 나만의 운동 목록이 이곳에 표시됩니다.',
    },
    routine: {
      title: '루틴 목록',
      description: '자주 하는 운동을 묶은 루틴을 이곳에서 관리합니다.',
    },
    profile: {
      title: '내 프로필',
      description: '나의 게시물과 친구 목록을 이곳에서 볼 수 있습니다.',
    },
    friend: {
      title: '친구 요청과 추천 친구',
      description: '받은 친구 요청과 추천 친구가 이곳에 표시됩니다.',
    },
    friendProfile: {
      title: '친구의 기록',
      description: '친구의 게시물과 운동 캘린더가 이곳에 표시됩니다.',
    },
    club: {
      title: '클럽 둘러보기',
      description: '함께 운동할 클럽을 찾고 참여할 수 있습니다.',
    },
    clubCreate: {
      title: '클럽 만들기 양식',
      description: '클럽 이름, 소개, 활동 장소와 시간을 입력하는 양식이 이곳에 표시됩니다.',
    },
    chat: {
      title: '클럽 채팅',
      description: '클럽 멤버들과 실시간으로 대화할 수 있습니다.',
    },
  },
  notFound: {
    title: '페이지를 찾을 수 없습니다',
    description: '주소가 바뀌었거나 삭제된 페이지입니다.',
    backHome: '홈으로 돌아가기',
  },
  guard: {
    tokenExpired: '토큰이 만료되었습니다.',
    unauthenticated: '인증되지 않은 요청입니다.',
    refreshFailed: 'token refresh failed',
  },
  install: {
    name: 'EveryHealth 운동 기록',
    shortName: 'EveryHealth',
    todayShortcut: '오늘 기록',
    clubShortcut: '클럽',
  },
  dialog: {
    confirm: '확인',
    cancel: '취소',
    close: '닫기',
    delete: '삭제',
  },
  /** The install control (`beforeinstallprompt`), in settings, the phone bar and the offline page. */
  installApp: {
    button: '앱 설치',
    label: 'EveryHealth 앱 설치',
  },
  offlinePage: {
    title: '오프라인입니다',
    available:
      '이 기기에서 열어 본 운동 기록(이번 달과 지난달)은 연결 없이도 보고 기록할 수 있습니다. 기록한 내용은 연결되면 자동으로 저장됩니다.',
    unavailable: '피드, 친구, 클럽 채팅은 연결되면 다시 열 수 있습니다.',
    openToday: '오늘 기록 열기',
    retry: '다시 시도',
  },
} as const;
