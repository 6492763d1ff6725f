import 'server-only';

import type { Metadata } from 'next';

import {
  type SharedRoutine,
  sharedRoutinePath,
  type SharedRoutinePreview,
  sharedRoutinePreviewRead,
  sharedRoutineRead,
} from '@/features/training/reads/routines';
import { loginRedirectTarget } from '@/lib/bff/page-rules';
import { serverReadOrNull } from '@/lib/bff/server-read';
import { bffSettings } from '@/lib/bff/settings';
import { SHARE_TOKEN_PATTERN } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

/** The public path of a share link's Open Graph image (app/shared-routine/[token]). */
export function sharedRoutineImagePath(token: string): string {
  return `/shared-routine/${encodeURIComponent(token)}/opengraph-image`;
}

/** Where the signed-out preview's `로그인` goes: /login, then back to the full page. */
export function sharedRoutineLoginHref(token: string): string {
  return loginRedirectTarget(sharedRoutinePath(token));
}

/** The shared routine as the signed-in member sees it; null when unknown, revoked or malformed. */
export async function readSharedRoutine(token: string): Promise<SharedRoutine | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  return serverReadOrNull(sharedRoutineRead, token);
}

/** The public preview (name and counts); null when unknown, revoked or malformed. */
export async function readSharedRoutinePreview(
  token: string,
): Promise<SharedRoutinePreview | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  return serverReadOrNull(sharedRoutinePreviewRead, token).catch(() => null);
}

/**
 * The metadata of a share link's page, signed in or not: the routine's name and exercise count
 * (never the owner's name or sets), the Open Graph card and its image, on PUBLIC_URL.
 */
export function sharedRoutineMetadata(
  token: string,
  preview: Pick<SharedRoutinePreview, 'routineName' | 'exerciseCount'> | null,
): Metadata {
  const metadataBase = new URL(`${bffSettings().publicBase}/`);
  if (!preview) {
    return { metadataBase, title: messages.sharedRoutine.notFoundTitle, robots: { index: false } };
  }
  const description = messages.sharedRoutine.description(
    preview.routineName,
    preview.exerciseCount,
  );
  const image = {
    url: sharedRoutineImagePath(token),
    width: 1200,
    height: 630,
    alt: messages.sharedRoutine.ogAlt(preview.routineName),
  };
  return {
    metadataBase,
    title: preview.routineName,
    description,
    robots: { index: false },
    openGraph: {
      type: 'website',
      siteName: messages.app.name,
      title: preview.routineName,
      description,
      url: sharedRoutinePath(token),
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: preview.routineName, description },
  };
}
