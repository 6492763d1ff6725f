import {
  FRIEND_TABS,
  ownPostHref,
  postFromParam,
  PROFILE_TABS,
  tabFromParam,
  tabHref,
} from './tab-param';

describe('tabFromParam', () => {
  it('opens the tab the search parameter names', () => {
    expect(tabFromParam(FRIEND_TABS, 'calendar')).toBe('calendar');
    expect(tabFromParam(PROFILE_TABS, 'friends')).toBe('friends');
  });

  it('takes the first value of a repeated parameter', () => {
    expect(tabFromParam(FRIEND_TABS, ['calendar', 'posts'])).toBe('calendar');
  });

  it.each([undefined, '', 'friends', 'CALENDAR', []])(
    'falls back to the first tab for %p',
    (param) => {
      expect(tabFromParam(FRIEND_TABS, param)).toBe('posts');
    },
  );
});

describe('tabHref', () => {
  it('is the bare path for the first tab and ?tab= for the others', () => {
    expect(tabHref('/friendProfile/12', FRIEND_TABS, 'posts')).toBe('/friendProfile/12');
    expect(tabHref('/friendProfile/12', FRIEND_TABS, 'calendar')).toBe(
      '/friendProfile/12?tab=calendar',
    );
    expect(tabHref('/profile', PROFILE_TABS, 'friends')).toBe('/profile?tab=friends');
  });
});

describe('the own post a notification links to', () => {
  it('builds /profile?post= with or without the comments', () => {
    expect(ownPostHref(12)).toBe('/profile?post=12');
    expect(ownPostHref(12, true)).toBe('/profile?post=12&view=comments');
  });

  it('reads only a positive id', () => {
    expect(postFromParam('12')).toBe(12);
    expect(postFromParam(['7', '8'])).toBe(7);
    for (const bad of [undefined, '', '0', '-1', 'abc', '1.5', '1e3', '9'.repeat(16)]) {
      expect(postFromParam(bad)).toBeNull();
    }
  });
});
