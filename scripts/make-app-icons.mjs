#!/usr/bin/env node
/**
 * Writes the installable app's icons into public/icons from app/icon.svg (the favicon): 192 and
 * 512 px as they are ("any"), 192 and 512 px "maskable" (the mark at 80% on the brand colour, inside
 * the safe zone a launcher's mask keeps), and the 180 px apple-touch-icon as app/apple-icon.png (square,
 * opaque: iOS rounds it itself; Next links it). Run after changing the icon: `node scripts/make-app-icons.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// sharp is the backend's dependency (the image pipeline); borrow it from there.
const sharp = createRequire(path.join(root, 'backend', 'package.json'))('sharp');
const svg = readFileSync(path.join(root, 'app', 'icon.svg'));
const BRAND = '#e5484d';
const out = (name) => path.join(root, 'public', 'icons', name);

async function plain(size, name) {
  writeFileSync(
    out(name),
    await sharp(svg, { density: 72 * (size / 32) })
      .resize(size, size)
      .png()
      .toBuffer(),
  );
}

async function onBrand(size, scale, name) {
  const inner = Math.round(size * scale);
  const mark = await sharp(svg, { density: 72 * (inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const icon = await sharp({
    create: { width: size, height: size, channels: 4, background: BRAND },
  })
    .composite([{ input: mark, gravity: 'center' }])
    .flatten({ background: BRAND })
    .png()
    .toBuffer();
  writeFileSync(out(name), icon);
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await onBrand(192, 0.8, 'maskable-192.png');
await onBrand(512, 0.8, 'maskable-512.png');
await onBrand(180, 0.8, path.join('..', '..', 'app', 'apple-icon.png'));
console.log('icons written to public/icons');
