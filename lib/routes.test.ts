import { chatRoomPath, clubPagePath, friendProfilePath } from './routes';

describe('page paths', () => {
  it('name the page folders under app/(app)', () => {
    expect(friendProfilePath(7)).toBe('/friendProfile/7');
    expect(clubPagePath(3)).toBe('/club/3');
    expect(chatRoomPath(12)).toBe('/chat/12');
  });
});
