import { josa } from 'es-hangul';

export const clubs = {
  title: '클럽 목록',
  create: '새 클럽 만들기',
  searchPlaceholder: '클럽 검색...',
  filterAll: '전체',
  filterMine: '나의 클럽',
  search: '검색',
  loading: '로딩 중...',
  features: '클럽 특징',
  enterChat: '채팅방 입장하기',
  description: '함께 운동할 클럽을 찾고 채팅방에서 이야기를 나눠 보세요.',
  searchLabel: '클럽 검색',
  filterLabel: '클럽 범위',
  searchFormLabel: '클럽 찾기',
  listLabel: '클럽',
  location: '활동 장소',
  schedule: '활동 시간',
  entering: '입장 중...',
  emptyTitle: '아직 클럽이 없습니다.',
  emptyDescription: '첫 번째 클럽을 만들고 함께 운동할 멤버를 모아 보세요.',
  noResultsTitle: '조건에 맞는 클럽이 없습니다.',
  noResultsDescription: '다른 검색어나 필터로 다시 찾아보세요.',
  loadFailed: '클럽 목록을 불러오지 못했습니다.',
  enterChatLabel: (title: string) => `${title} 채팅방 입장하기`,
} as const;

/** A club's page (/club/{clubId}) and the card's links to it (issue 29). */
export const clubPage = {
  backToList: '클럽 목록',
  about: '클럽 소개',
  ownerLabel: '방장',
  memberCount: (count: number) => `멤버 ${count}명`,
  membersHeading: '멤버',
  /** Beside the members heading: `2명`. */
  membersTotal: (count: number) => `${count}명`,
  membersMore: (count: number) => `외 ${count}명`,
  membersLoadFailed: '멤버 목록을 불러오지 못했습니다.',
  loadFailed: '클럽 정보를 불러오지 못했습니다.',
  me: '나',
  join: '가입하기',
  joinLabel: (title: string) => `${title} 가입하기`,
  joining: '가입 중...',
  joined: (title: string) => `${title}에 가입했습니다.`,
  joinFailed: '클럽 가입에 실패했습니다.',
  joinHint: '가입하면 채팅방에서 멤버들과 이야기할 수 있습니다.',
  memberBadge: '가입한 클럽',
  ownerBadge: '내가 만든 클럽',
  details: '자세히 보기',
  detailsLabel: (title: string) => `${title} 자세히 보기`,
  /** Beside the card's `채팅방 입장하기` for a non-member: entering joins. */
  enterJoins: '입장하면 클럽에 가입됩니다',
} as const;

/** The ⋯ menu of a club's chat room and its confirmations (issue 29). */
export const clubMenu = {
  open: '채팅방 메뉴',
  info: '클럽 정보',
  loading: '불러오는 중...',
  leave: '클럽 탈퇴',
  leaveTitle: '클럽 탈퇴',
  leaveConfirm: (title: string) =>
    `${title}에서 탈퇴할까요? 채팅방에서도 나가게 되며, 보낸 메시지는 그대로 남습니다. 언제든 다시 가입할 수 있습니다.`,
  leaveConfirmLabel: '탈퇴하기',
  left: (title: string) => `${title}에서 탈퇴했습니다.`,
  leaveFailed: '클럽 탈퇴에 실패했습니다.',
  delete: '클럽 삭제',
  deleteTitle: '클럽 삭제',
  deleteIntro: (title: string) =>
    `${josa(title, '을/를')} 삭제하면 채팅방과 모든 메시지, 멤버 목록이 함께 사라지며 되돌릴 수 없습니다.`,
  deleteNameLabel: '확인을 위해 클럽 이름을 그대로 입력하세요.',
  deleteNameMismatch: '클럽 이름이 일치하지 않습니다.',
  deleteConfirm: '클럽 삭제',
  deleting: '삭제 중...',
  deleted: (title: string) => `${josa(title, '을/를')} 삭제했습니다.`,
  deleteFailed: '클럽 삭제에 실패했습니다.',
} as const;

export const unread = {
  /** The count as a badge shows it: `99+` past the badge's cap (UNREAD_BADGE_CAP, 99). */
  count: (count: number, cap: number) => (count > cap ? `${cap}+` : String(count)),
  /** The words for screen readers beside a badge (the control it sits in is named by them). */
  countLabel: (count: number, cap: number) =>
    `읽지 않은 메시지 ${count > cap ? `${cap}개 이상` : `${count}개`}`,
  myChats: '내 채팅방',
  myChatsDescription: '가입한 클럽의 최근 대화입니다.',
  noMessages: '아직 메시지가 없습니다.',
  sender: (name: string) => `${name}:`,
  divider: '여기까지 읽었습니다',
  newMessages: '새 메시지',
} as const;

export const clubForm = {
  title: '새로운 클럽 만들기',
  subtitle: '새로운 클럽을 만들고 멤버들과 함께하세요.',
  name: '클럽 이름',
  content: '클럽 소개',
  location: '활동 장소',
  schedule: '활동 시간',
  schedulePlaceholder: '예: 매주 화요일, 토요일 저녁 7시',
  highlight: '클럽 특징',
  submit: '클럽 만들기',
  cancel: '취소',
  nameRequired: '클럽 이름을 입력해주세요.',
  contentRequired: '클럽 소개를 입력해주세요.',
  locationRequired: '활동 장소를 입력해주세요.',
  scheduleRequired: '활동 시간을 입력해주세요.',
  highlightRequired: '클럽 특징을 입력해주세요.',
  failed: '클럽 생성 중 오류가 발생했습니다.',
  submitting: '만드는 중...',
  created: '클럽을 만들었습니다.',
  namePlaceholder: '예: 한강 아침 러닝',
  contentPlaceholder: '어떤 클럽인지 소개해 주세요.',
  locationPlaceholder: '예: 여의도 한강공원',
  highlightPlaceholder: '예: 초보 환영, 매주 인증',
} as const;

export const chat = {
  title: (roomId: string | number) => `채팅방 #${roomId}`,
  refused: '이 채팅방에 참여할 수 없습니다. 클럽에 가입했는지 확인해주세요.',
  refusedStatus: '참여할 수 없음',
  leave: '나가기',
  connecting: '연결 중...',
  placeholder: '메시지를 입력하세요...',
  send: '전송',
  loading: '메시지를 불러오는 중...',
  noEarlier: '이전 메시지가 없습니다',
  leaveConfirm: '채팅방을 나가시겠습니까? 방장인 경우 클럽이 삭제됩니다.',
  left: '채팅방에서 나갔습니다.',
  leaveFailed: '채팅방 나가기에 실패했습니다.',
  leaveTitle: '채팅방 나가기',
  leaving: '나가는 중...',
  inputLabel: '메시지 입력',
  logLabel: '채팅 메시지',
  connected: '연결됨',
  me: '나',
  loadFailed: '메시지를 불러오지 못했습니다.',
  empty: '아직 메시지가 없습니다. 첫 메시지를 남겨 보세요.',
  loadingOlder: '이전 메시지를 불러오는 중...',
  backToClubs: '클럽 목록으로',
  /** The sender of a message whose author deleted their account (DELETED_SENDER's name). */
  deletedMember: '(탈퇴한 회원)',
} as const;

/** Clubs and their chat: the club list and page, its menu, the form, the room and unread counts. */
export const clubsMessages = { clubs, clubPage, clubMenu, unread, clubForm, chat } as const;
