import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { ClubCreatePage } from './club-create-page';
import { validateClubForm } from './club-form';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));

const fields = {
  '클럽 이름': '클럽 이름을 입력해주세요.',
  '클럽 소개': '클럽 소개를 입력해주세요.',
  '활동 장소': '활동 장소를 입력해주세요.',
  '활동 시간': '활동 시간을 입력해주세요.',
  '클럽 특징': '클럽 특징을 입력해주세요.',
} as const;

async function renderForm() {
  const user = userEvent.setup();
  renderWithApp(<ClubCreatePage />);
  await screen.findByRole('heading', { level: 1, name: '새로운 클럽 만들기' });
  return user;
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('클럽 이름'), '  한강 러닝  ');
  await user.type(screen.getByLabelText('클럽 소개'), '아침마다 달려요');
  await user.type(screen.getByLabelText('활동 장소'), '여의도');
  await user.type(screen.getByLabelText('활동 시간'), '매주 토요일 7시');
  await user.type(screen.getByLabelText('클럽 특징'), '초보 환영');
}

beforeEach(() => push.mockReset());
afterEach(() => jest.restoreAllMocks());

describe('validateClubForm', () => {
  it('requires every field non-blank after trimming', () => {
    expect(
      validateClubForm({ title: ' ', content: 'a', location: '\n', schedule: 'b', highlight: '' }),
    ).toEqual({
      title: '클럽 이름을 입력해주세요.',
      location: '활동 장소를 입력해주세요.',
      highlight: '클럽 특징을 입력해주세요.',
    });
  });
});

describe('ClubCreatePage', () => {
  it('shows the title, subtitle, the five labelled fields and the buttons', async () => {
    mockFetch({});
    await renderForm();
    expect(screen.getByText('새로운 클럽을 만들고 멤버들과 함께하세요.')).toBeInTheDocument();
    for (const label of Object.keys(fields)) expect(screen.getByLabelText(label)).toBeVisible();
    expect(screen.getByLabelText('클럽 소개').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('활동 시간')).toHaveAttribute(
      'placeholder',
      '예: 매주 화요일, 토요일 저녁 7시',
    );
    expect(screen.getByRole('button', { name: '클럽 만들기' })).toBeVisible();
    expect(screen.getByRole('link', { name: '취소' })).toHaveAttribute('href', '/club');
  });

  it('shows each field message under its field, accessibly, and sends nothing', async () => {
    const { calls } = mockFetch({});
    const user = await renderForm();
    await user.type(screen.getByLabelText('클럽 소개'), '   ');
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    for (const [label, message] of Object.entries(fields)) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('클럽 이름')).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('clears a field message when that field is edited, and only that one', async () => {
    const { calls } = mockFetch({});
    const user = await renderForm();
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    await user.type(screen.getByLabelText('활동 장소'), '한');
    expect(screen.queryByText('활동 장소를 입력해주세요.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('활동 장소')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('클럽 이름을 입력해주세요.')).toBeInTheDocument();
    expect(screen.getByText('클럽 특징을 입력해주세요.')).toBeInTheDocument();
    // Still invalid: nothing goes out until every field passes.
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    expect(writes(calls)).toEqual([]);
  });

  it('sends the trimmed fields once all pass, then goes to /club', async () => {
    const { calls } = mockFetch({
      'POST /api/club': { status: 201, body: '한강 러닝를 생성했습니다.' },
    });
    const user = await renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/club'));
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/club',
        body: {
          title: '한강 러닝',
          content: '아침마다 달려요',
          location: '여의도',
          schedule: '매주 토요일 7시',
          highlight: '초보 환영',
        },
      },
    ]);
  });

  it('shows the failure message under the form and stays', async () => {
    mockFetch({
      'POST /api/club': {
        status: 500,
        body: { code: '500', message: 'x', data: null, timestamp: 't', path: null },
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = await renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    expect(await screen.findByText('클럽 생성 중 오류가 발생했습니다.')).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '클럽 만들기' })).toBeEnabled();
  });

  it('disables the form while sending, and a retry puts the last failure away meanwhile', async () => {
    let attempts = 0;
    const { fetch } = mockFetch({
      'POST /api/club': () =>
        (attempts += 1) === 1
          ? {
              status: 500,
              body: { code: '500', message: 'x', data: null, timestamp: 't', path: null },
            }
          : { status: 201, body: '한강 러닝를 생성했습니다.' },
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const routed = fetch.getMockImplementation() as (url: string, init?: RequestInit) => unknown;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/club' && attempts === 1) await gate;
      return routed(url, init);
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = await renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    expect(await screen.findByText('클럽 생성 중 오류가 발생했습니다.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    expect(await screen.findByRole('button', { name: '만드는 중...' })).toBeDisabled();
    for (const label of Object.keys(fields)) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.queryByText('클럽 생성 중 오류가 발생했습니다.')).not.toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();

    await act(async () => release());
    await waitFor(() => expect(push).toHaveBeenCalledWith('/club'));
    expect(screen.queryByText('클럽 생성 중 오류가 발생했습니다.')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says how long to wait when club creation is over its rate limit (429)', async () => {
    mockFetch({
      'POST /api/club': {
        status: 429,
        headers: { 'Retry-After': '7200' },
        body: {
          ...{
            code: '429',
            message: '요청이 너무 많습니다. 8분 후에 다시 시도해주세요.',
            data: null,
            timestamp: 't',
            path: null,
          },
          message: '요청이 너무 많습니다. 2시간 후에 다시 시도해주세요.',
        },
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = await renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '클럽 만들기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청이 너무 많습니다. 2시간 후에 다시 시도해주세요.',
    );
    expect(screen.queryByText('클럽 생성 중 오류가 발생했습니다.')).toBeNull();
    expect(push).not.toHaveBeenCalled();
  });
});
