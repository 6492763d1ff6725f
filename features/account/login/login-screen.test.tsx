import { render, screen } from '@testing-library/react';

import { LoginScreen } from './login-screen';
import { buildLoginHref } from './login-url';

const LOGIN_URL = '/oauth2/authorization/google';

function renderLogin(props: { next?: string; error?: string; accountDeleted?: boolean } = {}) {
  return render(<LoginScreen loginUrl={LOGIN_URL} {...props} />);
}

describe('LoginScreen', () => {
  it('links the Google button to the login URL (no script needed)', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Google 계정으로 로그인' })).toHaveAttribute(
      'href',
      LOGIN_URL,
    );
  });

  it('keeps ?next= on the login URL', () => {
    renderLogin({ next: '/club?x=1' });
    expect(screen.getByRole('link', { name: 'Google 계정으로 로그인' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/google?next=%2Fclub%3Fx%3D1',
    );
  });

  it('shows the brand and tagline, and a message on ?error=', () => {
    renderLogin({ error: 'signin' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('로그인');
    expect(screen.getByText('EveryHealth')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('로그인하지 못했습니다');
  });

  it('says to wait when the sign-in start was refused as too many (?error=busy)', () => {
    renderLogin({ error: 'busy' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      '로그인 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    );
  });

  it('shows no alert without ?error=', () => {
    renderLogin();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the account was deleted after 계정 삭제 (?deleted=)', () => {
    renderLogin({ accountDeleted: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      '계정이 삭제되었습니다. 그동안 EveryHealth를 이용해 주셔서 감사합니다.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no notice without ?deleted=', () => {
    renderLogin();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('buildLoginHref', () => {
  it('appends only same-origin next paths', () => {
    expect(buildLoginHref('/oauth2/authorization/google', '/post')).toBe(
      '/oauth2/authorization/google?next=%2Fpost',
    );
    expect(buildLoginHref('/oauth2/authorization/google?a=1', '/post')).toBe(
      '/oauth2/authorization/google?a=1&next=%2Fpost',
    );
    expect(buildLoginHref('/oauth2/authorization/google', 'https://evil.example')).toBe(
      '/oauth2/authorization/google',
    );
    expect(buildLoginHref('/oauth2/authorization/google', '//evil.example')).toBe(
      '/oauth2/authorization/google',
    );
    expect(buildLoginHref('/oauth2/authorization/google', undefined)).toBe(
      '/oauth2/authorization/google',
    );
  });
});
