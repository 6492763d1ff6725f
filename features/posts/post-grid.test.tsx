import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Post } from '@/lib/contract/post';
import { RuntimeConfigProvider } from '@/lib/runtime-config';

import { PostGrid } from './post-grid';

const posts: Post[] = [
  { id: 2, text: '데드리프트', imageUrl: 'b.png' },
  { id: 1, text: '스쿼트', imageUrl: 'a.png' },
];

describe('PostGrid', () => {
  it('renders a labelled list of square thumbnails with the text as alternative', () => {
    render(<PostGrid posts={posts} />);
    const list = screen.getByRole('list', { name: '게시물' });
    const images = within(list).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['데드리프트', '스쿼트']);
    expect(images[0]).toHaveAttribute('src', '/api/images/b.png');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('loads the first row at once at high priority (the largest paint), the rest lazily', () => {
    const many: Post[] = [4, 3, 2, 1].map((id) => ({
      id,
      text: `글 ${id}`,
      imageUrl: `${id}.png`,
    }));
    render(<PostGrid posts={many} />);
    const images = screen.getAllByRole('img');
    for (const image of images.slice(0, 3)) {
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
    }
    expect(images[3]).toHaveAttribute('loading', 'lazy');
    expect(images[3]).not.toHaveAttribute('fetchpriority');
  });

  it('shows a placeholder thumbnail, not a broken request, for a post whose imageUrl is null', async () => {
    const onSelect = jest.fn();
    const bare: Post = { id: 3, text: '사진 없는 글', imageUrl: null };
    render(<PostGrid posts={[bare, ...posts]} onSelect={onSelect} />);
    const placeholder = screen.getByRole('img', { name: '사진 없는 글' });
    expect(placeholder.tagName).not.toBe('IMG');
    expect(placeholder).not.toHaveAttribute('src');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: '사진 없는 글' }));
    expect(onSelect).toHaveBeenCalledWith(bare);
  });

  it('uses the configured image base address', () => {
    render(
      <RuntimeConfigProvider
        config={{ chatUrl: '', imageBaseUrl: '/img/', loginUrl: '/x', uploadBodyLimitBytes: null }}
      >
        <PostGrid posts={posts.slice(0, 1)} />
      </RuntimeConfigProvider>,
    );
    expect(screen.getByRole('img', { name: '데드리프트' })).toHaveAttribute('src', '/img/b.png');
  });

  it('makes thumbnails buttons when onSelect is given, and shows `empty` for no posts', async () => {
    const onSelect = jest.fn();
    const { rerender } = render(<PostGrid posts={posts} onSelect={onSelect} label="내 게시물" />);
    await userEvent.click(screen.getByRole('button', { name: '스쿼트' }));
    expect(onSelect).toHaveBeenCalledWith(posts[1]);
    rerender(<PostGrid posts={[]} empty={<p>아직 게시물이 없습니다.</p>} />);
    expect(screen.getByText('아직 게시물이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
