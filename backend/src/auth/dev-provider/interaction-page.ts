import { createHash } from 'node:crypto';

import { CSP_REPORT_PATH } from '@/lib/shared/security/csp';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface InteractionPageModel {
  uid: string;
  email: string;
  name: string;
  errors: { email?: string };
  /** The page is served on an origin others can reach (DEV_SIGN_IN on a non-loopback PUBLIC_URL). */
  exposed: boolean;
}

/** The warning every development sign-in page carries on a reachable origin. */
export const EXPOSED_DEV_SIGN_IN_WARNING =
  '주의: 이 서버는 개발용 로그인을 사용합니다. 누구나 아무 이메일로 그 회원이 되어 로그인할 수 있으니 실제 회원 정보를 두지 마세요.';

/** The sign-in page's only style sheet, inline (the page has no other assets). */
const INTERACTION_PAGE_STYLE = `
  :root { color-scheme: light dark; --accent: #e5484d; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas;
    font-family: "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "NanumGothic", system-ui, sans-serif; }
  main { box-sizing: border-box; width: min(360px, calc(100vw - 32px)); padding: 32px 24px; border-radius: 12px;
    box-shadow: 0 2px 16px rgb(0 0 0 / 12%); }
  h1 { margin: 0 0 8px; font-size: 1.5rem; }
  p { margin: 0 0 24px; opacity: 0.75; }
  label { display: block; margin: 16px 0 8px; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; min-height: 44px; padding: 8px 12px; font: inherit;
    border: 1px solid #999; border-radius: 8px; }
  .error { color: #c92a2a; margin: 8px 0 0; }
  .warning { margin: 0 0 24px; padding: 12px; border-radius: 8px; background: #fff3bf; color: #5c3c00;
    opacity: 1; font-weight: 600; }
  button { width: 100%; min-height: 44px; margin-top: 24px; border: 0; border-radius: 8px;
    background: var(--accent); color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

/**
 * The Content-Security-Policy of the development provider's pages (served by the backend through
 * the BFF, so not covered by proxy.ts): nothing but the sign-in page's own style sheet (by its
 * hash), its form posting to this origin (whose redirects stay on it), no scripts at all.
 */
export const DEV_PROVIDER_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(INTERACTION_PAGE_STYLE).digest('base64')}'`,
  "img-src 'self'", // the browser's favicon request
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

/** The development provider's sign-in page (Korean, accessible, no external assets). */
export function renderInteractionPage(model: InteractionPageModel): string {
  const action = escapeHtml(encodeURIComponent(model.uid));
  const emailError = model.errors.email;
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>개발용 로그인</title>
<style>${INTERACTION_PAGE_STYLE}</style>
</head>
<body>
<main>
  <h1>개발용 로그인</h1>
  ${model.exposed ? `<p class="warning" role="alert">${EXPOSED_DEV_SIGN_IN_WARNING}</p>` : ''}
  <p>개발 환경에서만 쓰는 로그인입니다. 이메일로 회원을 선택합니다.</p>
  <form method="post" action="${action}" novalidate>
    <label for="email">이메일</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(model.email)}"${
      emailError ? ' aria-invalid="true" aria-describedby="email-error"' : ''
    }>
    ${emailError ? `<p class="error" id="email-error" role="alert">${escapeHtml(emailError)}</p>` : ''}
    <label for="name">이름</label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(model.name)}">
    <button type="submit">로그인</button>
  </form>
</main>
</body>
</html>`;
}
