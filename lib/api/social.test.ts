import { commentTextProblem, deleteComment, updateComment } from './comments';
import { isHttpStatus } from './errors';
import { postLikePath } from './keys';
import { deletePost, postTextProblem, setPostLike, updatePost } from './posts';
import { resetSessionBridge, setSessionSnapshot } from './session-bridge';

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

/** Answers every request with `status` and `body`; returns what was sent. */
function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      ok: status < 300,
      status,
      headers: new Headers(),
      text: async () => text,
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return sent;
}

beforeEach(() => {
  resetSessionBridge();
  setSessionSnapshot({ isAuthenticated: true, needTokenRefresh: false });
});

describe('likes', () => {
  it('likes with PUT and takes it back with DELETE, resolving with the new state', async () => {
    const sent = answer(200, { liked: true, likeCount: 4 });
    await expect(setPostLike(9, true)).resolves.toEqual({ liked: true, likeCount: 4 });
    await setPostLike(9, false);
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/post/9/like',
      'DELETE /api/post/9/like',
    ]);
    expect(postLikePath(9)).toBe('/api/post/9/like');
  });

  it('refuses an answer that is not a like state', async () => {
    answer(200, { liked: 'yes' });
    await expect(setPostLike(9, true)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe("the author's post writes", () => {
  it('sends the trimmed text with PATCH and resolves with the post', async () => {
    const saved = { id: 9, text: '새 글', imageUrl: null, likeCount: 0, liked: false, mine: true };
    const sent = answer(200, saved);
    await expect(updatePost(9, '  새 글 ')).resolves.toEqual(saved);
    expect(sent).toEqual([{ url: '/api/post/9', method: 'PATCH', body: { text: '새 글' } }]);
  });

  it('deletes with DELETE (a text answer) and rejects with the 404 of a foreign post', async () => {
    const sent = answer(200, 'delete post');
    await expect(deletePost(9)).resolves.toBeUndefined();
    expect(sent).toEqual([{ url: '/api/post/9', method: 'DELETE', body: null }]);
    answer(404, { code: '404', message: '없음', data: null, timestamp: 't', path: null });
    const failure = await deletePost(9).catch((error: unknown) => error);
    expect(isHttpStatus(failure, 404)).toBe(true);
  });

  it('checks a text as the contract does', () => {
    expect(postTextProblem('글')).toBeNull();
    expect(postTextProblem('   ')).toBe('내용을 입력해주세요.');
    expect(postTextProblem('가'.repeat(2000))).toBeNull();
    expect(postTextProblem('가'.repeat(2001))).toBe('내용은 2000자 이하로 입력해주세요.');
  });
});

describe("the author's comment writes", () => {
  it('edits with PATCH and deletes with DELETE', async () => {
    const saved = {
      id: 4,
      name: '테스터',
      text: '고침',
      localDateTime: '2026-01-02T03:04:05',
      mine: true,
    };
    const sent = answer(200, saved);
    await expect(updateComment(4, ' 고침 ')).resolves.toEqual(saved);
    answer(200, 'delete comment');
    await expect(deleteComment(4)).resolves.toBeUndefined();
    expect(sent).toEqual([{ url: '/api/comment/4', method: 'PATCH', body: { text: '고침' } }]);
  });

  it('checks a text as the contract does', () => {
    expect(commentTextProblem('좋아요')).toBeNull();
    expect(commentTextProblem(' \n ')).toBe('댓글을 입력해주세요.');
    expect(commentTextProblem('가'.repeat(1001))).toBe('댓글은 1000자 이하로 입력해주세요.');
  });
});
