import { render } from '@testing-library/react';
import type { ComponentType, SVGProps } from 'react';

import * as icons from './icons';

const all = Object.entries(icons) as [string, ComponentType<SVGProps<SVGSVGElement>>][];

describe('icons', () => {
  it.each(all)('%s is a decorative svg', (_name, Icon) => {
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('viewBox');
  });

  it('passes the caller’s size and class to the svg', () => {
    const { container } = render(
      <>
        <icons.CloseIcon width="16" height="16" />
        <icons.WifiOffIcon className="offline" />
      </>,
    );
    const [close, offline] = Array.from(container.querySelectorAll('svg'));
    expect(close).toHaveAttribute('width', '16');
    expect(close).toHaveAttribute('height', '16');
    expect(close).toHaveAttribute('viewBox', '0 0 20 20');
    expect(offline).toHaveClass('offline');
    expect(offline).toHaveAttribute('width', '48');
  });

  it('puts the heart’s class on its path, where the like toggle’s fill applies', () => {
    const { container } = render(<icons.HeartIcon pathClassName="heart" />);
    expect(container.querySelector('path')).toHaveClass('heart');
    expect(container.querySelector('svg')).not.toHaveClass('heart');
  });
});
