import 'server-only';

import { readFile } from 'node:fs/promises';

import { getServerConfig } from '@/lib/config';

/**
 * Font files that cover Hangul, tried in order for the share card (next/og's bundled font is Latin
 * only): OG_FONT_FILE when set, then Debian's fonts-nanum (which CI installs). None
 * found: the card is drawn with next/og's own font, and Hangul shows as boxes (README).
 */
const HOST_FONTS = [
  '/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf',
  '/usr/share/fonts/truetype/nanum/NanumGothic.ttf',
];

let loaded: Promise<ArrayBuffer | null> | undefined;

async function firstReadable(): Promise<ArrayBuffer | null> {
  const configured = getServerConfig().OG_FONT_FILE;
  for (const path of configured ? [configured, ...HOST_FONTS] : HOST_FONTS) {
    try {
      const bytes = await readFile(path);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    } catch {
      // Not on this host; try the next.
    }
  }
  return null;
}

/** The share card's Korean font, read once per process; null when the host has none. */
export function ogFont(): Promise<ArrayBuffer | null> {
  loaded ??= firstReadable();
  return loaded;
}
