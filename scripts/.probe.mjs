import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://localhost:3000', locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
const page = await ctx.newPage();
await page.goto('/login');
await page.getByRole('link', { name: 'Google 계정으로 로그인' }).click();
await page.getByLabel('이메일').fill('minjun@everyhealth.dev');
await page.getByRole('button', { name: '로그인' }).click();
await page.waitForURL((u) => u.pathname === '/');
const reqs = [];
page.on('request', (r) => reqs.push(r.method() + ' ' + r.url()));
await page.reload(); await page.waitForLoadState('networkidle');
console.log('requests on reload:', reqs.filter(r => !r.includes('/_next/')).join('\n'));
await page.screenshot({ path: '/tmp/home.png' });
const cookies = await ctx.cookies();
const noJs = await browser.newContext({ baseURL: 'http://localhost:3000', javaScriptEnabled: false, locale: 'ko-KR' });
await noJs.addCookies(cookies);
const p2 = await noJs.newPage();
for (const path of (process.argv[2] || '/').split(',')) {
  await p2.goto(path);
  await p2.screenshot({ path: `/tmp/nojs${path.replace(/\//g, '_')}.png`, fullPage: true });
  console.log(path, 'visible text:', (await p2.locator('main').innerText()).slice(0, 600));
}
await browser.close();
