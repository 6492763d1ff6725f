import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://localhost:3000', locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
const page = await ctx.newPage();
await page.goto('/login');
await page.getByRole('link', { name: 'Google 계정으로 로그인' }).click();
await page.getByLabel('이메일').fill('minjun@everyhealth.dev');
await page.getByRole('button', { name: '로그인' }).click();
await page.waitForURL((u) => u.pathname === '/');
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)));
for (const path of ['/', '/exercise', '/club', '/post']) {
  await page.goto(path); await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(() => new Promise((resolve) => {
    new PerformanceObserver((list) => { const e = list.getEntries(); resolve(e.map(x => `${Math.round(x.startTime)} ${x.element?.tagName}.${x.element?.className} ${x.size}`)); }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  console.log(path, JSON.stringify(lcp));
}
await browser.close();
