/** Notifications: the bell, its panel and its groups. */
export const notificationsMessages = {
  /** The bell, its list and the member's choice of kinds (issue 16). */
  notifications: {
    title: '알림',
    /** The bell's accessible name, with the unread count (`알림 3개`, `알림 99개 이상`). */
    bell: (count: number, cap: number) =>
      count <= 0 ? '알림' : count > cap ? `알림 ${cap}개 이상` : `알림 ${count}개`,
    /** The badge as seen: the count, `99+` past the cap. */
    badge: (count: number, cap: number) => (count > cap ? `${cap}+` : String(count)),
    listLabel: '알림 목록',
    empty: '새로운 알림이 없습니다.',
    emptyHint: '친구 요청, 댓글, 좋아요가 오면 이곳에 표시됩니다.',
    loading: '알림을 불러오는 중...',
    loadFailed: '알림을 불러오지 못했습니다.',
    more: '이전 알림 더 보기',
    moreLoading: '불러오는 중...',
    unread: '새 알림',
    settingsLink: '알림 설정',
    /** Each starts with the member's name (shown in bold). */
    friendRequest: (name: string) => `${name} 님이 친구 요청을 보냈습니다.`,
    friendAccept: (name: string) => `${name} 님이 친구 요청을 수락했습니다.`,
    comment: (name: string, text: string) =>
      `${name} 님이 내 게시물에 댓글을 남겼습니다: "${text}"`,
    like: (name: string) => `${name} 님이 내 게시물을 좋아합니다.`,
    likes: (name: string, others: number) => `${name} 님 외 ${others}명이 좋아합니다.`,
    postThumbnail: '내 게시물',
  },
} as const;
