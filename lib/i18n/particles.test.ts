import { messages } from './messages';

// Korean particles follow the name's final consonant (issue 29, point 10): never `을(를)`.
describe('reorder announcements', () => {
  it('choose 을 after a final consonant and 를 after a vowel', () => {
    expect(messages.reorder.lifted('벤치프레스', 1)).toBe(
      '벤치프레스를 들어 올렸습니다. 현재 1번째입니다.',
    );
    expect(messages.reorder.lifted('랫풀다운', 2)).toBe(
      '랫풀다운을 들어 올렸습니다. 현재 2번째입니다.',
    );
    expect(messages.reorder.dropped('스쿼트', 3)).toBe('스쿼트를 3번째에 내려놓았습니다.');
    expect(messages.reorder.dropped('데드리프트 (덤벨)', 1)).not.toContain('(를)');
  });
});
