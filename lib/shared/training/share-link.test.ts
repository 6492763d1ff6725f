import { sharedRoutineTokenIn } from './share-link';

const TOKEN = 'abcdefghijklmnopqrstu_';

describe('sharedRoutineTokenIn', () => {
  it('finds a share link in a message, with or without the origin', () => {
    expect(sharedRoutineTokenIn(`이 루틴 해봐 https://gym.example/routine/shared/${TOKEN}`)).toBe(
      TOKEN,
    );
    expect(sharedRoutineTokenIn(`http://localhost:3000/routine/shared/${TOKEN}\n좋아요`)).toBe(
      TOKEN,
    );
    expect(sharedRoutineTokenIn(`/routine/shared/${TOKEN}`)).toBe(TOKEN);
  });

  it('ignores text that only looks like one', () => {
    expect(sharedRoutineTokenIn('루틴 공유해줘')).toBeNull();
    expect(sharedRoutineTokenIn(`/routine/shared/${TOKEN}x`)).toBeNull();
    expect(sharedRoutineTokenIn(`/routine/shared/short`)).toBeNull();
    expect(sharedRoutineTokenIn(`x/routine/shared/${TOKEN}`)).toBeNull();
  });
});
