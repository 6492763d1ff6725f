import { accountMessages } from './features/account';
import { clubsMessages } from './features/clubs';
import { dayLogMessages } from './features/day-log';
import { friendsMessages } from './features/friends';
import { notificationsMessages } from './features/notifications';
import { postsMessages } from './features/posts';
import { shellMessages } from './features/shell';
import { trainingMessages } from './features/training';
import { messages } from './messages';

const features = {
  account: accountMessages,
  clubs: clubsMessages,
  dayLog: dayLogMessages,
  friends: friendsMessages,
  notifications: notificationsMessages,
  posts: postsMessages,
  shell: shellMessages,
  training: trainingMessages,
};

describe('the message catalogue', () => {
  it('puts every feature group in, none of them twice (a spread would hide the first)', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, groups] of Object.entries(features)) {
      for (const group of Object.keys(groups)) {
        owners.set(group, [...(owners.get(group) ?? []), feature]);
      }
    }
    const twice = [...owners].filter(([, names]) => names.length > 1);
    expect(twice).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual([...owners.keys()].sort());
  });

  it("serves each group as its feature's module defines it", () => {
    for (const groups of Object.values(features)) {
      for (const [group, strings] of Object.entries(groups)) {
        expect(messages[group as keyof typeof messages]).toBe(strings);
      }
    }
  });
});
