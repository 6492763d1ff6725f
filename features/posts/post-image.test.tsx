import { render, screen } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';

import { RuntimeConfigProvider } from '@/lib/runtime-config';

import { PostImage } from './post-image';

const KEY = '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f.jpg';
const STEM = '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f';

function renderImage(ui: React.ReactElement, imageBaseUrl = '') {
  return render(
    <RuntimeConfigProvider
      config={{ chatUrl: '', imageBaseUrl, loginUrl: '/login', uploadBodyLimitBytes: null }}
    >
      {ui}
    </RuntimeConfigProvider>,
  );
}

/** A real ThumbHash of a 4×4 red square, base64. */
function thumbHash(): string {
  const rgba = new Uint8Array(4 * 4 * 4).map((_, i) => (i % 4 === 0 || i % 4 === 3 ? 255 : 0));
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
}

describe('PostImage', () => {
  it('offers a photo with variants by width, WebP first, never above the photo’s own width', () => {
    const { container } = renderImage(
      <PostImage
        imageKey={KEY}
        alt="사진"
        info={{ imageWidth: 1200, imageHeight: 900, imagePlaceholder: null }}
      />,
    );
    const image = screen.getByRole('img', { name: '사진' });
    expect(image).toHaveAttribute('src', `/api/images/${KEY}`);
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '900');
    expect(image).toHaveAttribute(
      'srcset',
      [
        `/api/images/${STEM}-w320.jpg 320w`,
        `/api/images/${STEM}-w640.jpg 640w`,
        `/api/images/${STEM}-w1080.jpg 1080w`,
        // 1600 is wider than the photo: that variant holds it at its own 1200 px.
        `/api/images/${STEM}-w1600.jpg 1200w`,
      ].join(', '),
    );
    expect(image.getAttribute('sizes')).toContain('540px');
    const webp = container.querySelector('source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toContain(`/api/images/${STEM}-w640.webp 640w`);
  });

  it('uses the image base address for the variants too', () => {
    renderImage(
      <PostImage
        imageKey={KEY}
        alt="사진"
        shape="square"
        info={{ imageWidth: 300, imageHeight: 300 }}
      />,
      'https://cdn.example/images/',
    );
    // All four variants of a 300 px photo are 300 px wide: one candidate.
    expect(screen.getByRole('img', { name: '사진' })).toHaveAttribute(
      'srcset',
      `https://cdn.example/images/${STEM}-w320.jpg 300w`,
    );
  });

  it('paints the ThumbHash under the image while it loads', () => {
    const { container } = renderImage(
      <PostImage
        imageKey={KEY}
        alt="사진"
        info={{ imageWidth: 800, imageHeight: 600, imagePlaceholder: thumbHash() }}
      />,
    );
    const blur = container.querySelector('img[aria-hidden="true"]');
    expect(blur?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('keeps the single address for an image stored before variants existed', () => {
    const { container } = renderImage(<PostImage imageKey={KEY} alt="사진" />);
    const image = screen.getByRole('img', { name: '사진' });
    expect(image).not.toHaveAttribute('srcset');
    expect(container.querySelector('source')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});
