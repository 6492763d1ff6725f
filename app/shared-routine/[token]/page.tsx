import type { Metadata } from 'next';

import { SharedRoutinePreviewPage } from '@/features/training/shared-routine/shared-routine-preview';
import {
  readSharedRoutinePreview,
  sharedRoutineLoginHref,
  sharedRoutineMetadata,
} from '@/features/training/shared-routine/shared-routine-screen';

interface Props {
  params: Promise<{ token: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  return sharedRoutineMetadata(token, await readSharedRoutinePreview(token));
}

/**
 * A share link opened without a session (proxy.ts rewrites `/routine/shared/{token}` here): the
 * routine's name and counts and the Open Graph card for link previews, and `로그인`.
 */
export default async function Page({ params }: Props) {
  const { token } = await params;
  const preview = await readSharedRoutinePreview(token);
  return <SharedRoutinePreviewPage preview={preview} loginHref={sharedRoutineLoginHref(token)} />;
}
