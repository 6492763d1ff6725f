import type { Db } from '../db/client';
import { buildClub, buildMessage, insertClubs, insertMessages } from './club-builders';

/** [sender index in the demo members, text] */
const RUNNING_CHAT: Array<[number, string]> = [
  [0, '이번 주 토요일 아침 러닝 참석하시는 분 계신가요?'],
  [1, '저 갑니다! 몇 시에 모여요?'],
  [0, '7시에 여의나루역 2번 출구 앞에서 모여요.'],
  [2, '저도 참석할게요. 5km 코스 맞죠?'],
  [0, '네, 처음엔 5km 가볍게 뛰고 컨디션 좋으면 7km까지 가요.'],
  [1, '날씨가 많이 쌀쌀해졌던데 다들 따뜻하게 입고 오세요.'],
  [2, '혹시 페이스는 어느 정도로 하나요?'],
  [0, '6분 30초 정도로 천천히 뛸 예정이에요. 초보도 충분히 따라올 수 있어요.'],
  [1, '좋아요! 끝나고 근처에서 아침 먹어요.'],
  [2, '콩나물국밥 어때요? 🍲'],
  [0, '찬성입니다 ㅎㅎ'],
  [1, '지난주 기록 공유해요. 5km 29분 40초!'],
  [0, '와 많이 빨라졌네요 👏'],
  [2, '저는 아직 33분대예요. 꾸준히 해볼게요.'],
  [0, '무리하지 말고 부상 조심하세요. 스트레칭 꼭 하고요.'],
  [1, '내일 비 온다는데 러닝 진행하나요?'],
  [0, '비가 많이 오면 실내 트랙으로 바꿀게요. 아침에 공지할게요.'],
  [2, '알겠습니다!'],
];

const HIKING_CHAT: Array<[number, string]> = [
  [1, '이번 달 등산은 북한산 백운대로 가려고 해요.'],
  [0, '좋네요. 코스는 어디서 시작해요?'],
  [1, '우이동에서 출발해서 백운대 찍고 내려오는 코스예요. 왕복 4시간 정도요.'],
  [2, '등산화가 없는데 운동화로도 괜찮을까요?'],
  [1, '바위 구간이 있어서 접지력 좋은 신발이 안전해요.'],
  [0, '물은 1리터 이상 챙기세요.'],
  [2, '간식은 제가 김밥 준비해 갈게요!'],
  [1, '감사합니다 😊 오전 8시에 우이역에서 만나요.'],
  [0, '단풍 시즌이라 사람 많을 것 같아요. 조금 일찍 모일까요?'],
  [1, '그럼 7시 30분으로 당겨요.'],
  [2, '네 좋아요.'],
  [0, '지난번 관악산 사진 올려주실 분?'],
  [1, '앨범에 올려뒀어요. 정상에서 찍은 단체 사진 잘 나왔어요.'],
  [2, '다음엔 도봉산도 가봐요!'],
  [1, '좋아요, 다음 달 후보로 넣어둘게요.'],
];

/**
 * Two clubs of the demo members (김민준 owns 아침 러닝 크루, 이서연 주말 등산 모임; everyone is in
 * both) with a few dozen messages over the last days before `now`.
 */
export async function seedDemoClubs(db: Db, memberIds: number[], now: Date): Promise<void> {
  if (memberIds.length < 2) return;
  const [running, hiking] = await insertClubs(db, [
    buildClub({
      ownerId: memberIds[0],
      title: '아침 러닝 크루',
      content: '출근 전 한강에서 함께 달리는 러닝 모임입니다. 페이스는 각자 편하게!',
      location: '여의도 한강공원',
      schedule: '매주 화요일, 토요일 오전 7시',
      highlight: '초보 환영, 5km부터 시작',
      memberIds,
    }),
    buildClub({
      ownerId: memberIds[1],
      title: '주말 등산 모임',
      content: '한 달에 두 번, 서울 근교 산을 함께 오릅니다.',
      location: '북한산, 관악산 등 서울 근교',
      schedule: '격주 일요일 오전 8시',
      highlight: '산행 후 맛집 탐방',
      memberIds,
    }),
  ]);
  const start = now.getTime() - 3 * 86400_000;
  const messages = [
    ...RUNNING_CHAT.map(([sender, text], i) => ({ room: running.chatRoomId, sender, text, i })),
    ...HIKING_CHAT.map(([sender, text], i) => ({ room: hiking.chatRoomId, sender, text, i })),
  ]
    .map(({ room, sender, text, i }) => ({
      room,
      sender,
      text,
      at: start + i * 47 * 60_000 + (room === hiking.chatRoomId ? 23 * 60_000 : 0),
    }))
    .sort((a, b) => a.at - b.at);
  await insertMessages(
    db,
    messages.map(({ room, sender, text, at }) =>
      buildMessage({
        roomId: room,
        memberId: memberIds[sender % memberIds.length],
        message: text,
        createdAt: new Date(at),
      }),
    ),
  );
}
