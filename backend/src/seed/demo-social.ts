import type { Db } from '../db/client';
import type { ImageStorage } from '../storage/image-storage';
import { gradientPng, type Rgb } from './png';
import { insertComments, insertFriendship, insertPosts, type PostSeed } from './social-builders';

/** [author index, text, top colour, bottom colour]; oldest first. */
const POSTS: Array<[number, string, Rgb, Rgb]> = [
  [0, '오늘 벤치프레스 75kg 3세트 성공! 오운완 💪', [239, 83, 80], [183, 28, 28]],
  [1, '아침 공복 유산소 40분. 상쾌하다', [255, 213, 79], [255, 143, 0]],
  [2, '하체 루틴 끝… 계단이 무섭다', [129, 199, 132], [27, 94, 32]],
  [0, '데드리프트 자세 교정 중. 허리 중립 유지가 핵심', [100, 181, 246], [13, 71, 161]],
  [1, '새 운동화 개시했어요 🏃‍♀️', [186, 104, 200], [74, 20, 140]],
  [2, '헬스장 사람 없을 때 최고', [77, 208, 225], [0, 96, 100]],
  [0, '주말 등산 다녀왔습니다. 다리가 후들후들', [161, 136, 127], [62, 39, 35]],
  [1, '스쿼트 100kg 도전 성공!', [240, 98, 146], [136, 14, 79]],
  [2, '단백질 쉐이크 맛 추천 받아요', [255, 183, 77], [230, 81, 0]],
  [0, '어깨 운동은 가볍게, 정확하게', [144, 164, 174], [38, 50, 56]],
  [1, '일주일 세 번 운동 4주째 유지 중', [174, 213, 129], [51, 105, 30]],
  [2, '오늘은 휴식. 스트레칭만 30분', [121, 134, 203], [26, 35, 126]],
];

/** [post index, commenter index, text]. */
const COMMENTS: Array<[number, number, string]> = [
  [0, 1, '와 대단해요!'],
  [0, 2, '저도 곧 따라갑니다'],
  [3, 1, '자세 영상도 올려주세요'],
  [7, 0, '축하해요 🎉'],
  [7, 2, '다음은 120kg!'],
  [10, 0, '꾸준함이 최고죠'],
  [11, 1, '휴식도 운동입니다'],
];

/**
 * The friendships (김민준 and 이서연 are friends, 박지호 has asked 김민준) and, given a storage, twelve
 * posts by the demo members with generated 320×240 gradient images and a few comments.
 */
export async function seedDemoSocial(
  db: Db,
  images: ImageStorage | undefined,
  memberIds: number[],
  now: Date,
): Promise<void> {
  if (memberIds.length >= 3) {
    await insertFriendship(db, memberIds[0], memberIds[1], true);
    await insertFriendship(db, memberIds[2], memberIds[0], false);
  }
  if (!images) return;
  const seeds: PostSeed[] = POSTS.map(([author, text, top, bottom], i) => ({
    memberId: memberIds[author % memberIds.length],
    text,
    image: gradientPng(320, 240, top, bottom),
    createdAt: new Date(now.getTime() - (POSTS.length - i) * 7 * 3600_000),
  }));
  const stored = await insertPosts(db, images, seeds);
  await insertComments(
    db,
    COMMENTS.map(([post, commenter, text], i) => ({
      postId: stored[post].id,
      memberId: memberIds[commenter % memberIds.length],
      text,
      createdAt: new Date(seeds[post].createdAt!.getTime() + (i + 1) * 600_000),
    })),
  );
}
