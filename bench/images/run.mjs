#!/usr/bin/env node
// Benchmark: photos on a phone. Budgets (issue 13): ≤ 400 kB of images on the first screen of
// /post on a 390×844 phone at device scale 3, Lighthouse mobile of /post with these photos ≥ 95,
// processing ≤ 1.5 s per 12 MP photo.
//
// Starts the real stack (backend + `next start`), signs the demo member in through the real flow,
// makes 12 photos the size a phone takes (4000×3000 JPEG, noisy so that they weigh what real
// photos weigh, with camera EXIF) and posts each through the BFF, timing upload to answer (the
// backend's pipeline runs before it answers). Then it opens /post in a fresh context as a phone
// and as a 1280×800 desktop, waits until the network is idle without scrolling, and adds up the
// image bytes each loaded (what the first screen costs, lazy images near it included). Last,
// Lighthouse (mobile, median of --runs) measures /post, whose first screen now shows these photos.
//
// Usage: node bench/images/run.mjs [--photos 12] [--runs 3]
// Needs `npm run build` (honours NEXT_DIST_DIR). Stops every process it started, by PID.
import sharp from 'sharp';

import {
  cookieHeader,
  demoMember,
  launchChromium,
  requireBuild,
  signIn,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
import { diagnose, launchLighthouseChrome, measurePage } from '../lib/lighthouse.mjs';
import { runMain } from '../lib/process.mjs';

const PHONE_BUDGET_BYTES = 400_000;
const PROCESSING_BUDGET_MS = 1500;
const LIGHTHOUSE_BUDGET = 95;
const numberArg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const photoCount = numberArg('--photos', 12);
const lighthouseRuns = numberArg('--runs', 3);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A 4000×3000 JPEG with the EXIF a phone writes; `seed` varies its tint so no two are alike. */
async function phonePhoto(seed) {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 96 + (seed % 8) * 12, sigma: 36 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return sharp(noise)
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Orientation: '1' },
      GPS: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 59/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Image bytes that /post loads in `context` until the network is idle, without scrolling. */
async function firstScreenImageBytes(browser, appUrl, cookies, contextOptions) {
  const context = await browser.newContext(contextOptions);
  await context.addCookies(cookies);
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length }))
        .catch(() => ({ url: response.url(), bytes: 0 })),
    );
  });
  await page.goto(`${appUrl}/post`, { waitUntil: 'networkidle' });
  const images = (await Promise.all(pending)).filter((image) =>
    image.url.startsWith('/api/images/'),
  );
  await context.close();
  return { images, bytes: images.reduce((total, image) => total + image.bytes, 0) };
}

async function main() {
  requireBuild();
  const stack = await startAppStack({ log: (line) => console.log(line) });
  let browser;
  try {
    browser = await launchChromium();
    const cookies = await signIn(browser, stack.appUrl, demoMember);

    const timings = [];
    let originalBytes = 0;
    for (let i = 0; i < photoCount; i++) {
      const photo = await phonePhoto(i);
      originalBytes += photo.length;
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), `IMG_${1000 + i}.jpg`);
      form.append('text', `벤치 사진 ${i + 1}`);
      const started = performance.now();
      const response = await fetch(`${stack.appUrl}/api/post`, {
        method: 'POST',
        body: form,
        headers: { cookie: cookieHeader(cookies), origin: stack.appUrl },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`upload ${i + 1} answered ${response.status}`);
      timings.push(performance.now() - started);
    }
    console.log(
      `${photoCount} photos of 4000×3000 (${kB(originalBytes / photoCount)} each on average) posted`,
    );

    const phone = await firstScreenImageBytes(browser, stack.appUrl, cookies, {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const desktop = await firstScreenImageBytes(browser, stack.appUrl, cookies, {
      viewport: { width: 1280, height: 800 },
    });
    for (const [label, result] of [
      ['phone 390×844 @3x', phone],
      ['desktop 1280×800', desktop],
    ]) {
      console.log(`${label}: ${result.images.length} images, ${kB(result.bytes)}`);
      for (const image of result.images)
        console.log(`  ${kB(image.bytes).padStart(10)}  ${image.url}`);
    }

    console.log('');
    console.log(`Lighthouse mobile of /post with the photos (${lighthouseRuns} runs):`);
    const chrome = await launchLighthouseChrome();
    let lighthousePost;
    try {
      lighthousePost = await measurePage(chrome, `${stack.appUrl}/post`, {
        runs: lighthouseRuns,
        cookie: cookieHeader(cookies),
      });
    } finally {
      await chrome.kill();
    }
    const lighthouseOk = lighthousePost.score >= LIGHTHOUSE_BUDGET;
    if (!lighthouseOk) for (const line of diagnose(lighthousePost.lhr)) console.log(`  ${line}`);

    const processing = median(timings);
    const phoneOk = phone.bytes <= PHONE_BUDGET_BYTES;
    const processingOk = processing <= PROCESSING_BUDGET_MS;
    console.log('');
    console.log(
      `upload to answer per photo: median ${processing.toFixed(0)} ms, max ${Math.max(...timings).toFixed(0)} ms (budget ≤ ${PROCESSING_BUDGET_MS} ms)  ${processingOk ? 'PASS' : 'MISS'}`,
    );
    console.log(
      `first screen of /post: phone ${kB(phone.bytes)} (budget ≤ ${kB(PHONE_BUDGET_BYTES)})  ${phoneOk ? 'PASS' : 'MISS'}; desktop ${kB(desktop.bytes)}`,
    );
    console.log(
      `Lighthouse mobile /post with the photos: ${lighthousePost.score} (median of ${lighthouseRuns}; LCP ${Math.round(lighthousePost.medianLcp)} ms) (budget ≥ ${LIGHTHOUSE_BUDGET})  ${lighthouseOk ? 'PASS' : 'MISS'}`,
    );
    return phoneOk && processingOk && lighthouseOk;
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

runMain(main, { cleanup: stopStartedStacks });
