/** Posts: the feed, uploads, comments, likes and the focused post. */
export const postsMessages = {
  feed: {
    loading: '로딩 중...',
    end: '더 이상 게시물이 없습니다.',
    description: '오늘의 운동을 사진과 글로 나누고 서로 응원해 보세요.',
    upload: '포스트 업로드',
    listLabel: '게시물 목록',
    imageAlt: '게시물 사진',
    imageFailed: '이미지를 불러올 수 없습니다.',
    comments: '댓글',
    loadFailed: '게시물을 불러오지 못했습니다.',
    moreFailed: '게시물을 더 불러오지 못했습니다.',
    emptyTitle: '아직 게시물이 없습니다.',
    emptyDescription: '첫 번째 게시물을 올려 오늘의 운동을 공유해 보세요.',
    gridLabel: '게시물',
    openPost: (index: number) => `게시물 ${index}`,
  },
  comments: {
    title: '댓글',
    empty: '작성된 댓글이 없습니다.',
    placeholder: '댓글을 입력하세요...',
    submit: '작성',
    close: '닫기',
    required: '댓글을 입력해주세요.',
    failed: '댓글 추가 중 오류가 발생했습니다.',
    justNow: '방금 전',
    minutesAgo: (n: number) => `${n}분 전`,
    hoursAgo: (n: number) => `${n}시간 전`,
    daysAgo: (n: number) => `${n}일 전`,
    fullDate: (year: number, month: number, day: number) => `${year}년 ${month}월 ${day}일`,
    fullDateTime: (year: number, month: number, day: number, hour: number, minute: number) =>
      `${year}년 ${month}월 ${day}일 ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    inputLabel: '댓글 입력',
    counter: (length: number, max: number) => `${length}/${max}`,
    counterLabel: (length: number, max: number) => `${max}자 중 ${length}자 입력`,
    listLabel: '댓글 목록',
    loading: '댓글을 불러오는 중...',
    loadFailed: '댓글을 불러오지 못했습니다.',
    submitting: '작성 중...',
  },
  upload: {
    title: '포스트 업로드',
    dropzone: '이미지를 드래그하거나 클릭하여 업로드하세요',
    hint: 'PNG, JPG, GIF (최대 10MB)',
    placeholder: '게시글 내용을 입력하세요...',
    submit: '업로드하기',
    missing: '파일과 내용을 모두 입력해주세요!',
    imageOnly: '이미지 파일만 업로드 가능합니다.',
    success: '업로드 성공!',
    failure: '업로드 실패!',
    description: '사진 한 장과 글로 오늘의 운동을 공유하세요.',
    textLabel: '내용',
    fileLabel: '이미지',
    previewAlt: '선택한 이미지 미리보기',
    change: '다른 이미지를 고르려면 클릭하거나 끌어다 놓으세요',
    dropHere: '여기에 놓으세요',
    selected: (name: string, size: string) => `${name} (${size})`,
    fileSize: (bytes: number) =>
      bytes >= 1024 * 1024
        ? `${(bytes / (1024 * 1024)).toFixed(1)}MB`
        : `${Math.max(1, Math.round(bytes / 1024))}KB`,
    counter: (length: number, max: number) => `${length}/${max}`,
    counterLabel: (length: number, max: number) => `${max}자 중 ${length}자 입력`,
    submitting: '업로드 중...',
    cancel: '취소',
  },
  /**
   * A photo shrunk in the browser before upload, on a host with a small request body limit
   * (UPLOAD_BODY_LIMIT_BYTES, lib/images/shrink-photo.ts): said before anything is sent, and the
   * form keeps what was typed.
   */
  photoShrink: {
    /** Too large for the limit, and this browser cannot redraw it (HEIC in Chrome, a GIF). */
    tooLarge: (limit: string) =>
      `사진이 너무 커서 업로드할 수 없습니다. ${limit} 이하의 사진이나 JPG, PNG 사진을 선택해주세요.`,
    /** Redrawn, but even small it does not fit (a limit far below any photo's size). */
    failed: '사진을 줄이지 못했습니다. 다른 사진을 선택해주세요.',
  },
  /** Likes, and the author's edit and delete of posts and comments (issue 16). */
  social: {
    like: '좋아요',
    /** The like count's button (opens who liked it); also the like button's description. */
    likeCount: (n: number) => `좋아요 ${n}개`,
    likeFailed: '좋아요를 반영하지 못했습니다.',
    likersTitle: '좋아요한 회원',
    likersLabel: '좋아요한 회원 목록',
    likersEmpty: '아직 좋아요한 회원이 없습니다.',
    likersLoading: '좋아요한 회원을 불러오는 중...',
    likersLoadFailed: '좋아요한 회원을 불러오지 못했습니다.',
    edit: '수정',
    delete: '삭제',
    save: '저장',
    saving: '저장 중...',
    cancel: '취소',
    close: '닫기',
    postEditTitle: '게시물 수정',
    postTextLabel: '내용',
    postUpdated: '게시물을 수정했습니다.',
    postUpdateFailed: '게시물을 수정하지 못했습니다.',
    postDeleteTitle: '게시물 삭제',
    postDeleteConfirm: '이 게시물을 삭제할까요? 사진과 댓글도 함께 삭제됩니다.',
    postDeleted: '게시물을 삭제했습니다.',
    postDeleteFailed: '게시물을 삭제하지 못했습니다.',
    commentEditLabel: '댓글 수정',
    commentUpdated: '댓글을 수정했습니다.',
    commentUpdateFailed: '댓글을 수정하지 못했습니다.',
    commentDeleteTitle: '댓글 삭제',
    commentDeleteConfirm: '이 댓글을 삭제할까요?',
    commentDeleted: '댓글을 삭제했습니다.',
    commentDeleteFailed: '댓글을 삭제하지 못했습니다.',
  },
  /** The own post a notification links to (`/profile?post={id}`). */
  focusedPost: {
    label: '알림의 게시물',
    notFound: '게시물을 찾을 수 없습니다.',
    notFoundHint: '삭제된 게시물입니다.',
    close: '닫기',
  },
} as const;
