import { render, screen } from '@testing-library/react';

import { SettingsPage } from '@/features/account/settings/settings-page';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { DataExportPanel } from './data-export';

describe('DataExportPanel', () => {
  it('links to the ZIP export as a download, with its description', () => {
    render(<DataExportPanel />);
    expect(screen.getByRole('heading', { level: 2, name: '내 데이터' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '내 데이터 내려받기' });
    expect(link).toHaveAttribute('href', '/api/member/export');
    expect(link).toHaveAttribute('download');
    expect(
      screen.getByText(
        '운동 기록(세트별 CSV), 운동과 루틴, 게시물과 사진, 댓글, 친구, 클럽, 채팅 메시지를 ZIP 파일로 내려받습니다.',
      ),
    ).toBeInTheDocument();
  });

  it('is on the settings page (issue 29 moved it from the profile)', async () => {
    mockFetch({});
    renderWithApp(<SettingsPage />);
    expect(await screen.findByRole('link', { name: '내 데이터 내려받기' })).toHaveAttribute(
      'href',
      '/api/member/export',
    );
  });
});
