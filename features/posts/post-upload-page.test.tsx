import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { fixedSizeOffscreenCanvas } from '@/lib/images/test-canvas';
import { RuntimeConfigProvider } from '@/lib/runtime-config';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { PostUploadPage } from './post-upload-page';
import { imageFileProblem, uploadFormProblem } from './upload-form';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));

const TEN_MB = 10 * 1024 * 1024;

function png(name = 'squat.png', size?: number): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

let createObjectURL: jest.Mock;
let revokeObjectURL: jest.Mock;

beforeEach(() => {
  push.mockReset();
  let n = 0;
  createObjectURL = jest.fn(() => `blob:preview-${++n}`);
  revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => jest.restoreAllMocks());

/** Requests other than reads (the upload). */
function uploads(fetchMock: jest.Mock) {
  return fetchMock.mock.calls.filter(
    ([, init]: [string, RequestInit | undefined]) => (init?.method ?? 'GET') !== 'GET',
  );
}

async function renderForm() {
  // applyAccept: false lets a test hand the input a file its `accept` would hide in the picker.
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithApp(<PostUploadPage />);
  await screen.findByRole('heading', { level: 1, name: '포스트 업로드' });
  return { user, view };
}

const fileInput = () =>
  screen.getByLabelText('이미지를 드래그하거나 클릭하여 업로드하세요') as HTMLInputElement;
const textArea = () => screen.getByPlaceholderText('게시글 내용을 입력하세요...');
const submit = () => screen.getByRole('button', { name: '업로드하기' });

describe('upload form rules', () => {
  it('needs a file and non-blank text and an image by MIME type; size and image kind are left to the backend', () => {
    expect(uploadFormProblem(null, '오운완')).toBe('파일과 내용을 모두 입력해주세요!');
    expect(uploadFormProblem(png(), '  \n ')).toBe('파일과 내용을 모두 입력해주세요!');
    expect(uploadFormProblem(png(), '오운완')).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.png', { type: 'text/plain' }))).toBe(
      '이미지 파일만 업로드 가능합니다.',
    );
    expect(imageFileProblem(new File(['x'], 'a', { type: '' }))).toBe(
      '이미지 파일만 업로드 가능합니다.',
    );
    expect(imageFileProblem(png('a.png', TEN_MB))).toBeNull();
    // The hint's 10MB is not enforced in the form: the backend refuses an oversize file.
    expect(imageFileProblem(png('a.png', TEN_MB + 1))).toBeNull();
    expect(uploadFormProblem(png('a.png', TEN_MB + 1), '오운완')).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
    // Any image type is taken; the backend decides by content.
    expect(imageFileProblem(new File(['x'], 'a.bmp', { type: 'image/bmp' }))).toBeNull();
    expect(imageFileProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBeNull();
  });
});

describe('PostUploadPage', () => {
  it('shows the drop zone on a real, labelled, keyboard-reachable file input, the hint and the textarea', async () => {
    mockFetch({});
    const { user } = await renderForm();
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/gif,image/webp,image/heic,image/heif',
    );
    expect(input).toHaveAccessibleDescription(expect.stringContaining('PNG, JPG, GIF (최대 10MB)'));
    expect(screen.getByText('PNG, JPG, GIF (최대 10MB)')).toBeInTheDocument();
    expect(textArea().tagName).toBe('TEXTAREA');
    await user.tab();
    expect(input).toHaveFocus();
  });

  it('refuses a missing file and sends nothing', async () => {
    const { fetch } = mockFetch({});
    const { user } = await renderForm();
    await user.type(textArea(), '오늘 스쿼트 100kg');
    await user.click(submit());
    expect(await screen.findByText('파일과 내용을 모두 입력해주세요!')).toBeInTheDocument();
    expect(uploads(fetch)).toEqual([]);
  });

  it('refuses missing text and sends nothing', async () => {
    const { fetch } = mockFetch({});
    const { user } = await renderForm();
    await user.upload(fileInput(), png());
    expect(await screen.findByRole('img', { name: '선택한 이미지 미리보기' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.type(textArea(), '   ');
    await user.click(submit());
    expect(await screen.findByText('파일과 내용을 모두 입력해주세요!')).toBeInTheDocument();
    expect(uploads(fetch)).toEqual([]);
  });

  it('refuses to post offline with a clear message, sending nothing', async () => {
    const { fetch } = mockFetch({});
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = await renderForm();
    await user.upload(fileInput(), png());
    await user.type(textArea(), '오늘의 스쿼트');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '오프라인에서는 게시물을 올릴 수 없습니다. 연결된 뒤 다시 시도해 주세요.',
    );
    expect(uploads(fetch)).toEqual([]);
    expect(push).not.toHaveBeenCalled();
  });

  it('does not take a non-image: toast, no preview, nothing sent', async () => {
    const { fetch } = mockFetch({});
    const { user } = await renderForm();
    await user.upload(fileInput(), new File(['hello'], 'notes.png', { type: 'text/plain' }));
    expect(await screen.findByText('이미지 파일만 업로드 가능합니다.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '선택한 이미지 미리보기' })).not.toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
    await user.type(textArea(), '내용');
    await user.click(submit());
    expect(await screen.findByText('파일과 내용을 모두 입력해주세요!')).toBeInTheDocument();
    expect(uploads(fetch)).toEqual([]);
  });

  it.each([
    ['an image over 10 MB', png('huge.png', TEN_MB + 1), 413, '이미지는 10MB 이하여야 합니다.'],
    [
      'an image type the backend does not take',
      new File(['BM'], 'old.bmp', { type: 'image/bmp' }),
      400,
      'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.',
    ],
  ])(
    'sends %s and shows only the spec failure alert when the backend refuses it',
    async (_, file, status, backendMessage) => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { fetch } = mockFetch({
        'POST /api/post': {
          status,
          body: {
            code: String(status),
            message: backendMessage,
            data: status === 400 ? { file: backendMessage } : null,
            timestamp: 't',
            path: null,
          },
        },
      });
      const { user } = await renderForm();
      await user.upload(fileInput(), file);
      expect(
        await screen.findByRole('img', { name: '선택한 이미지 미리보기' }),
      ).toBeInTheDocument();
      await user.type(textArea(), '내용');
      await user.click(submit());
      expect(await screen.findByText('업로드 실패!')).toBeInTheDocument();
      expect(uploads(fetch)).toHaveLength(1);
      expect(screen.queryByText('이미지는 10MB 이하여야 합니다.')).not.toBeInTheDocument();
      expect(screen.queryByText(/PNG, JPE?G, GIF, WebP/)).not.toBeInTheDocument();
      expect(push).not.toHaveBeenCalled();
    },
  );

  it('takes a dropped image, shows the drag-over state, and replaces the preview (revoking the old one)', async () => {
    mockFetch({});
    await renderForm();
    const zone = fileInput().parentElement as HTMLElement;
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    expect(screen.getByText('여기에 놓으세요')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [png('first.png')] } });
    expect(zone).not.toHaveAttribute('data-drag-over');
    expect(await screen.findByRole('img', { name: '선택한 이미지 미리보기' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [png('second.png')] } });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '선택한 이미지 미리보기' })).toHaveAttribute(
        'src',
        'blob:preview-2',
      ),
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByText(/second\.png/)).toBeInTheDocument();
  });

  it('sends file and text as multipart, disables the button meanwhile, toasts 업로드 성공! and goes to /post', async () => {
    let finish: () => void = () => undefined;
    const { fetch } = mockFetch({});
    const routed = global.fetch;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/post') {
        fetch(url, init);
        await new Promise<void>((resolve) => (finish = resolve));
        return { ok: true, status: 201, text: async () => '' } as Response;
      }
      return routed(url, init);
    }) as unknown as typeof global.fetch;
    const { user, view } = await renderForm();
    await user.upload(fileInput(), png());
    await user.type(textArea(), '  오운완  ');
    await user.click(submit());

    await waitFor(() => expect(uploads(fetch)).toHaveLength(1));
    expect(screen.getByRole('button', { name: '업로드 중...' })).toBeDisabled();
    const [url, init] = uploads(fetch)[0] as [string, RequestInit];
    expect(url).toBe('/api/post');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('squat.png');
    expect(body.get('text')).toBe('오운완');
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);

    finish();
    expect(await screen.findByText('업로드 성공!')).toBeInTheDocument();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/post'));
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('toasts 업로드 실패! on failure and keeps the form', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/post': {
        status: 415,
        body: { code: '415', message: 'x', data: null, timestamp: 't', path: null },
      },
    });
    const { user } = await renderForm();
    await user.upload(fileInput(), png());
    await user.type(textArea(), '오운완');
    await user.click(submit());
    expect(await screen.findByText('업로드 실패!')).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
    expect(textArea()).toHaveValue('오운완');
    expect(screen.getByRole('img', { name: '선택한 이미지 미리보기' })).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it.each([
    ['a rate limit', '요청이 너무 많습니다. 12분 후에 다시 시도해주세요.'],
    [
      'the daily upload quota',
      '하루 업로드 용량(200MB)을 넘어 더 올릴 수 없습니다. 9시간 5분 후에 다시 시도해주세요.',
    ],
  ])(
    "shows the server's message when %s refuses the upload (429), keeping the form",
    async (_, message) => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      mockFetch({
        'POST /api/post': {
          status: 429,
          headers: { 'Retry-After': '720' },
          body: { code: '429', message, data: null, timestamp: 't', path: null },
        },
      });
      const { user } = await renderForm();
      await user.upload(fileInput(), png());
      await user.type(textArea(), '오운완');
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText('업로드 실패!')).toBeNull();
      expect(push).not.toHaveBeenCalled();
      expect(textArea()).toHaveValue('오운완');
      expect(submit()).toBeEnabled();
    },
  );
});

describe('PostUploadPage on a host with a request body limit (UPLOAD_BODY_LIMIT_BYTES)', () => {
  const LIMIT = 4_000_000;
  let decode: jest.Mock;

  beforeEach(() => {
    decode = jest.fn();
    // A 4000×3000 photo; its JPEG weighs 1.5 MB whatever the size and quality.
    const FakeOffscreenCanvas = fixedSizeOffscreenCanvas(1_500_000);
    Object.assign(globalThis, { createImageBitmap: decode, OffscreenCanvas: FakeOffscreenCanvas });
  });
  afterEach(() => {
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
    delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
  });

  async function renderLimited() {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(
      <RuntimeConfigProvider
        config={{ chatUrl: '', imageBaseUrl: '', loginUrl: '/x', uploadBodyLimitBytes: LIMIT }}
      >
        <PostUploadPage />
      </RuntimeConfigProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: '포스트 업로드' });
    return user;
  }

  function photo(name: string, type: string, size: number): File {
    const file = new File([new Uint8Array(4)], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  }

  it('sends a photo that fits as chosen', async () => {
    const { fetch } = mockFetch({ 'POST /api/post': { status: 201, body: '' } });
    const user = await renderLimited();
    const small = photo('squat.png', 'image/png', 3_000_000);
    await user.upload(fileInput(), small);
    await user.type(textArea(), '오운완');
    await user.click(submit());
    expect(await screen.findByText('업로드 성공!')).toBeInTheDocument();
    const body = (uploads(fetch)[0] as [string, RequestInit])[1].body as FormData;
    expect((body.get('file') as File).name).toBe('squat.png');
    expect(decode).not.toHaveBeenCalled();
  });

  it('shrinks a photo over the limit under the pending state, then sends the JPEG', async () => {
    const { fetch } = mockFetch({ 'POST /api/post': { status: 201, body: '' } });
    let decoded: () => void = () => undefined;
    decode.mockImplementation(
      () =>
        new Promise((resolve) => {
          decoded = () => resolve({ width: 4000, height: 3000, close: jest.fn() });
        }),
    );
    const user = await renderLimited();
    await user.upload(fileInput(), photo('IMG_0001.JPG', 'image/jpeg', 9_000_000));
    await user.type(textArea(), '오운완');
    await user.click(submit());

    // Resizing: the button shows the upload's pending state and nothing is sent yet.
    await waitFor(() => expect(decode).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: '업로드 중...' })).toBeDisabled();
    expect(uploads(fetch)).toHaveLength(0);

    decoded();
    expect(await screen.findByText('업로드 성공!')).toBeInTheDocument();
    const body = (uploads(fetch)[0] as [string, RequestInit])[1].body as FormData;
    const sent = body.get('file') as File;
    expect(sent.name).toBe('IMG_0001.jpg');
    expect(sent.type).toBe('image/jpeg');
    expect(sent.size).toBe(1_500_000);
    expect(body.get('text')).toBe('오운완');
  });

  it('refuses a too-large photo this browser cannot decode (HEIC in Chrome) before sending, keeping the form', async () => {
    const { fetch } = mockFetch({});
    decode.mockRejectedValue(new DOMException('The source image could not be decoded.'));
    const user = await renderLimited();
    await user.upload(fileInput(), photo('IMG_0002.HEIC', 'image/heic', 6_000_000));
    await user.type(textArea(), '오운완');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^사진이 너무 커서 업로드할 수 없습니다\. 3\.8MB 이하의 사진이나 JPG, PNG 사진을 선택해주세요\.$/,
    );
    expect(uploads(fetch)).toHaveLength(0);
    expect(push).not.toHaveBeenCalled();
    expect(textArea()).toHaveValue('오운완');
    expect(screen.getByRole('img', { name: '선택한 이미지 미리보기' })).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
