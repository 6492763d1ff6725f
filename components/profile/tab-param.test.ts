import { FRIEND_TABS, PROFILE_TABS, tabFromParam, tabHref } from './tab-param';

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
