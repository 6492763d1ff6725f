import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Account } from '@/features/shell/account';
import { fixedSizeOffscreenCanvas } from '@/lib/images/test-canvas';
import { RuntimeConfigProvider } from '@/lib/runtime-config';
import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { ProfilePage } from './profile-page';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), refresh }),
  usePathname: () => '/profile',
}));

const me = { id: 1, name: '테스터', picture: null };
const lists = {
  'GET /api/member/posts': { body: [] },
  'GET /api/member/friend': { body: [] },
};

function png(name = 'me.png', size?: number, type = 'image/png'): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  refresh.mockClear();
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

async function openDialog(uploadBodyLimitBytes: number | null = null) {
  const user = userEvent.setup();
  renderWithApp(
    <RuntimeConfigProvider
      config={{ chatUrl: '', imageBaseUrl: '', loginUrl: '/x', uploadBodyLimitBytes }}
    >
      <Account />
      <ProfilePage member={me} />
    </RuntimeConfigProvider>,
  );
  await screen.findByRole('link', { name: '테스터 프로필 보기' });
  await user.click(screen.getByRole('button', { name: '프로필 편집' }));
  const dialog = await screen.findByRole('dialog', { name: '프로필 편집' });
  return { user, dialog };
}

describe('프로필 편집', () => {
  it('changes the name (trimmed): the profile and the sidebar show it at once', async () => {
    const { calls } = mockFetch({
      ...lists,
      'PATCH /api/member/me': (body) => ({
        body: { ...me, name: (body as { name: string }).name },
      }),
    });
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: '이름' });
    expect(name).toHaveFocus();
    expect(name).toHaveValue('테스터');
    await user.clear(name);
    await user.type(name, '  새 이름  ');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([
      { method: 'PATCH', url: '/api/member/me', body: { name: '새 이름' } },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: '새 이름' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '새 이름 프로필 보기' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(await screen.findByText('프로필을 수정했습니다.')).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  it('refuses a blank or too long name under the field and sends nothing', async () => {
    const { calls } = mockFetch(lists);
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: '이름' });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('이름을 입력해주세요.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('maxLength', '100');
    expect(writes(calls)).toEqual([]);
    // Typing clears the error.
    await user.type(name, '가');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the backend’s field error (400) under the field', async () => {
    mockFetch({
      ...lists,
      'PATCH /api/member/me': {
        status: 400,
        body: {
          code: '400',
          message: '입력값이 올바르지 않습니다.',
          data: { name: '이름은 100자 이하로 입력해주세요.' },
          timestamp: 't',
          path: null,
        },
      },
    });
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: '이름' });
    await user.type(name, '님');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '이름은 100자 이하로 입력해주세요.',
    );
    expect(screen.getByRole('dialog', { name: '프로필 편집' })).toBeInTheDocument();
  });

  it('uploads a chosen photo (previewed first) and shows the new picture', async () => {
    const { calls } = mockFetch({
      ...lists,
      'POST /api/member/me/picture': {
        body: { ...me, picture: '/api/images/00000000-0000-4000-8000-000000000000-w320.webp' },
      },
    });
    const { user, dialog } = await openDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, png());
    expect(within(dialog).getByRole('img', { name: '테스터' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(within(dialog).getByRole('button', { name: '사진 변경' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = writes(calls);
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/member/me/picture',
    ]);
    expect(screen.getByRole('img', { name: '테스터' })).toHaveAttribute(
      'src',
      '/api/images/00000000-0000-4000-8000-000000000000-w320.webp',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('refuses a file that is not an image or is over 10 MB before sending', async () => {
    const { calls } = mockFetch(lists);
    const { user, dialog } = await openDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    // Past the picker's accept filter (a drop, another browser): checked again on change.
    fireEvent.change(input, { target: { files: [png('notes.txt', undefined, 'text/plain')] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '이미지 파일만 업로드 가능합니다.',
    );
    fireEvent.change(input, { target: { files: [png('big.png', 10 * 1024 * 1024 + 1)] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '이미지는 10MB 이하여야 합니다.',
    );
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });

  it('on a host with a body limit, shrinks a photo over it to a JPEG before uploading it', async () => {
    const { fetch } = mockFetch({
      ...lists,
      'POST /api/member/me/picture': { body: { ...me, picture: '/api/images/new-w320.webp' } },
    });
    const decode = jest.fn(async () => ({ width: 3000, height: 4000, close: jest.fn() }));
    const FakeOffscreenCanvas = fixedSizeOffscreenCanvas(900_000);
    Object.assign(globalThis, { createImageBitmap: decode, OffscreenCanvas: FakeOffscreenCanvas });
    try {
      const { user, dialog } = await openDialog(4_000_000);
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
      const chosen = png('selfie.jpeg', 8_000_000, 'image/jpeg');
      await user.upload(input, chosen);
      await user.click(within(dialog).getByRole('button', { name: '저장' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(decode).toHaveBeenCalledWith(chosen, { imageOrientation: 'from-image' });
      const [, init] = fetch.mock.calls.find(
        ([url]: [string]) => url === '/api/member/me/picture',
      ) as [string, RequestInit];
      const sent = (init.body as FormData).get('file') as File;
      expect(sent.name).toBe('selfie.jpg');
      expect(sent.type).toBe('image/jpeg');
      expect(sent.size).toBe(900_000);
    } finally {
      delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
      delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    }
  });

  it('on a host with a body limit, refuses a too-large photo it cannot decode before saving anything', async () => {
    const { calls } = mockFetch(lists);
    // Chrome decodes no HEIC.
    const decode = jest.fn().mockRejectedValue(new DOMException('cannot decode'));
    Object.assign(globalThis, { createImageBitmap: decode });
    try {
      const { user, dialog } = await openDialog(4_000_000);
      const name = within(dialog).getByRole('textbox', { name: '이름' });
      await user.clear(name);
      await user.type(name, '새 이름');
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
      await user.upload(input, png('IMG_0001.HEIC', 6_000_000, 'image/heic'));
      await user.click(within(dialog).getByRole('button', { name: '저장' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        '사진이 너무 커서 업로드할 수 없습니다. 3.8MB 이하의 사진이나 JPG, PNG 사진을 선택해주세요.',
      );
      expect(decode).toHaveBeenCalled();
      // Neither the name nor the photo was sent; the dialog keeps both.
      expect(writes(calls)).toEqual([]);
      expect(name).toHaveValue('새 이름');
      expect(within(dialog).getByRole('button', { name: '저장' })).toBeEnabled();
    } finally {
      delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    }
  });

  it('closes on 취소 and on Escape without saving', async () => {
    const { calls } = mockFetch(lists);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: '이름' }), '바꿈');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '프로필 편집' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '프로필 편집' }));
    await screen.findByRole('dialog', { name: '프로필 편집' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: '테스터' })).toBeInTheDocument();
  });
});
