// Feed depth benchmark: 10 000+ posts by many members (with comments; a few stored images shared
// by the posts, the feed answers only their keys), then the feed as the app pages it (page size 5,
// keyset: GET /api/posts?limit=5, then GET /api/posts/scroll?limit=5&postId=<last id loaded>).
// The cursor of depth 10 000 is found by walking the pages from the top, as the app would; then
// the first page and the page at depth 10 000 are timed side by side, interleaved, over real HTTP
// with a signed member cookie. On PGlite and, when BENCH_DATABASE_URL / TEST_DATABASE_URL answers,
// on PostgreSQL. Budget: the page at depth 10 000 ≤ 1.5× the time of the first.
// Usage: node bench/feed/run.mjs   (env: BENCH_POSTS=10500, BENCH_DEPTH=10000, BENCH_REPS=500,
// BENCH_DATABASE_URL / TEST_DATABASE_URL)
import path from 'node:path';
import { Readable } from 'node:stream';

import {
  backendModules,
  fmt,
  printTable,
  random,
  runSeededBench,
  summarize,
  timedGet,
} from '../lib/backend.mjs';

const DEPTH = Number(process.env.BENCH_DEPTH ?? 10_000);
const POSTS = Math.max(DEPTH + 100, Number(process.env.BENCH_POSTS ?? 10_500));
const REPS = Number(process.env.BENCH_REPS ?? 500);
const WARMUP = 50;
/** The app's feed page size (FEED_PAGE_SIZE in lib/api/keys.ts). */
const PAGE = 5;
const AUTHORS = 50;
const IMAGES = 6;
const BUDGET_RATIO = 1.5;
const DEADLINE_MS = 110_000;

/**
 * Members, a few stored images, POSTS posts in time order by random authors (each pointing at one
 * of the images), and comments on about a third of them, through the backend's seed builders.
 * The feed is read as the first member.
 */
async function seed(db, dataDir) {
  const { builders, png, storage } = await backendModules();
  const rand = random(424242);
  const members = await builders.insertMembers(
    db,
    Array.from({ length: AUTHORS }, (_, i) =>
      builders.buildMember({ email: `bench-feed-${i}@everyhealth.test`, name: `벤치 ${i}` }),
    ),
  );
  // Real files in DATA_DIR/images (the backend's folder), shared by all posts.
  const images = new storage.LocalImageStorage(path.join(dataDir, 'images'), 10 * 1024 * 1024);
  const keys = [];
  for (let i = 0; i < IMAGES; i += 1) {
    const colour = [40 * i, 200 - 30 * i, 120];
    keys.push((await images.put(Readable.from([png.gradientPng(320, 240, colour)]))).key);
  }
  let next = 0;
  const shared = { put: async () => ({ key: keys[next++ % keys.length] }) };

  const first = Date.now() - POSTS * 600_000; // one post every ten minutes up to now
  const CHUNK = 1000;
  let comments = 0;
  for (let start = 0; start < POSTS; start += CHUNK) {
    const seeds = [];
    for (let i = start; i < Math.min(POSTS, start + CHUNK); i += 1) {
      seeds.push(
        builders.buildPost({
          memberId: members[Math.floor(rand() * AUTHORS)].id,
          text: `오늘의 운동 기록 #${i + 1}: 스쿼트 5세트, 데드리프트 3세트. 내일은 상체!`,
          image: Buffer.alloc(0), // not read: the shared storage hands out the stored keys
          createdAt: new Date(first + i * 600_000),
        }),
      );
    }
    const stored = await builders.insertPosts(db, shared, seeds);
    const commentSeeds = [];
    for (const post of stored) {
      if (rand() >= 1 / 3) continue;
      for (let c = 1 + Math.floor(rand() * 3); c > 0; c -= 1) {
        commentSeeds.push({
          postId: post.id,
          memberId: members[Math.floor(rand() * AUTHORS)].id,
          text: '멋져요! 저도 내일 해볼게요.',
        });
      }
    }
    await builders.insertComments(db, commentSeeds);
    comments += commentSeeds.length;
  }
  return { member: members[0], posts: POSTS, comments, images: IMAGES };
}

const firstPage = `/api/posts?limit=${PAGE}`;
const pageAfter = (postId) => `/api/posts/scroll?limit=${PAGE}&postId=${postId}`;

/** Walks the feed from the top like the infinite scroll; the last id loaded at `depth` posts. */
async function walk(baseUrl, cookie, depth) {
  let loaded = 0;
  let lastId = Infinity;
  let pathname = firstPage;
  const t0 = performance.now();
  let requests = 0;
  while (loaded < depth) {
    const { body } = await timedGet(baseUrl, cookie, pathname);
    requests += 1;
    if (body.length !== PAGE) throw new Error(`${pathname}: ${body.length} posts, not ${PAGE}`);
    for (const post of body) {
      if (!(post.id < lastId)) throw new Error(`${pathname}: post ${post.id} out of order`);
      lastId = post.id;
    }
    loaded += body.length;
    pathname = pageAfter(lastId);
  }
  return { cursor: lastId, requests, seconds: (performance.now() - t0) / 1000 };
}

/**
 * On a backend seeded by `seed`: walks to depth DEPTH, then times the first page and the page
 * there side by side.
 */
async function measure({ baseUrl, cookie }) {
  const walked = await walk(baseUrl, cookie, DEPTH);
  const deepPage = pageAfter(walked.cursor);
  const { body: deep } = await timedGet(baseUrl, cookie, deepPage);
  if (deep.length !== PAGE || deep[0].id >= walked.cursor) {
    throw new Error(`${deepPage}: not the page after the cursor`);
  }
  // The image of a post is served (the keys point at stored files).
  const image = await fetch(`${baseUrl}/api/images/${deep[0].imageUrl}`, { headers: { cookie } });
  await image.arrayBuffer();
  if (image.status !== 200) throw new Error(`image ${deep[0].imageUrl}: ${image.status}`);

  for (let i = 0; i < WARMUP; i += 1) {
    await timedGet(baseUrl, cookie, firstPage);
    await timedGet(baseUrl, cookie, deepPage);
  }
  // Side by side: each repetition times both, alternating which goes first.
  const firstSamples = [];
  const deepSamples = [];
  for (let i = 0; i < REPS; i += 1) {
    if (i % 2 === 0) {
      firstSamples.push((await timedGet(baseUrl, cookie, firstPage)).ms);
      deepSamples.push((await timedGet(baseUrl, cookie, deepPage)).ms);
    } else {
      deepSamples.push((await timedGet(baseUrl, cookie, deepPage)).ms);
      firstSamples.push((await timedGet(baseUrl, cookie, firstPage)).ms);
    }
  }
  const first = summarize(firstSamples);
  const deeper = summarize(deepSamples);
  return { walked, first, deep: deeper, ratio: deeper.p50 / first.p50 };
}

/** The table and verdicts of the results per database. */
function report(results) {
  const { seeded } = results[0];
  console.log(
    `\nfeed depth: ${seeded.posts} posts by ${AUTHORS} members (${seeded.comments} comments, ` +
      `${seeded.images} shared images); page size ${PAGE}, keyset cursor of depth ${DEPTH} found ` +
      `by walking the pages; first page vs depth ${DEPTH}, ${REPS} interleaved pairs after ` +
      `${WARMUP} warm-up pairs; budget ≤ ${BUDGET_RATIO}× the first page`,
  );
  printTable([
    [
      'db',
      'walk pages',
      'walk ms/page',
      'first p50 ms',
      'first p95 ms',
      `depth ${DEPTH} p50 ms`,
      `depth ${DEPTH} p95 ms`,
      'ratio',
      'seed s',
      'verdict',
    ],
    ...results.map((r) => [
      r.kind,
      String(r.walked.requests),
      fmt((r.walked.seconds * 1000) / r.walked.requests, 2),
      fmt(r.first.p50, 2),
      fmt(r.first.p95, 2),
      fmt(r.deep.p50, 2),
      fmt(r.deep.p95, 2),
      `${fmt(r.ratio, 2)}×`,
      fmt(r.seedSeconds),
      r.ratio <= BUDGET_RATIO ? 'PASS' : 'MISS',
    ]),
  ]);
  for (const r of results) {
    console.log(
      `${r.kind}: ${r.ratio <= BUDGET_RATIO ? 'PASS' : 'MISS'} depth ${DEPTH} / first page = ` +
        `${fmt(r.ratio, 2)}× (budget ≤ ${BUDGET_RATIO}×)`,
    );
  }
}

runSeededBench('feed', { seed, measure, report, deadlineMs: DEADLINE_MS });
