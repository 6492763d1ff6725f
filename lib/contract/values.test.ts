import { imageVariantKey } from './values';

describe('imageVariantKey', () => {
  it('names a variant beside its image: <uuid>-w<width>.<format>', () => {
    const key = '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f.jpg';
    expect(imageVariantKey(key, 640, 'webp')).toBe(
      '0b4f6c1e-8d2a-4c3b-9f1e-2a3b4c5d6e7f-w640.webp',
    );
    expect(imageVariantKey('images/a.png', 1600, 'jpg')).toBe('images/a-w1600.jpg');
  });
});
