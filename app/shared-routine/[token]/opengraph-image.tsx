import { ImageResponse } from 'next/og';

import { ogFont } from '@/features/training/shared-routine/og-font';
import { readSharedRoutinePreview } from '@/features/training/shared-routine/shared-routine-screen';
import { messages } from '@/lib/i18n/messages';

export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
export const alt = messages.sharedRoutine.pageTitle;

/**
 * The share link's Open Graph image (KakaoTalk and other link previews): the routine's name, its
 * exercise and set counts and the brand. Public, like the preview page: nothing of the owner's.
 */
export default async function Image({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [preview, font] = await Promise.all([readSharedRoutinePreview(token), ogFont()]);
  const title = preview?.routineName ?? messages.sharedRoutine.notFoundTitle;
  const counts = preview
    ? `${messages.sharedRoutine.ogExercises(preview.exerciseCount)} · ${messages.sharedRoutine.ogSets(preview.setCount)}`
    : '';
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        background: '#f4f4f6',
        fontFamily: font ? 'Share' : undefined,
        color: '#17171c',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <div
          style={{
            width: 64,
            height: 64,
            borderRadius: 18,
            background: '#d63a3f',
            display: 'flex',
          }}
        />
        <div style={{ fontSize: 40, fontWeight: 700 }}>{messages.sharedRoutine.ogBrand}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: 32, color: '#d63a3f' }}>{messages.sharedRoutine.pageTitle}</div>
        <div
          style={{
            fontSize: title.length > 24 ? 60 : 80,
            fontWeight: 700,
            lineHeight: 1.15,
            display: 'flex',
            flexWrap: 'wrap',
          }}
        >
          {title}
        </div>
        {counts ? <div style={{ fontSize: 40, color: '#5b5b66' }}>{counts}</div> : null}
      </div>
    </div>,
    {
      ...size,
      fonts: font ? [{ name: 'Share', data: font, weight: 700, style: 'normal' }] : undefined,
    },
  );
}
