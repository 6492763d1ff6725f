import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { resetInstallPrompt } from '@/lib/install/install-prompt';

import { InstallButton, InstallNavButton } from './install-button';

/** A synthetic `beforeinstallprompt` with a prompt() stub, as Chromium sends it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: jest.Mock;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = jest.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function setStandalone(standalone: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  setStandalone(false);
  resetInstallPrompt();
});

describe('앱 설치', () => {
  it('is hidden until the browser offers installing', () => {
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
  });

  it('appears on beforeinstallprompt, holds the mini-infobar back and prompts on click', async () => {
    const user = userEvent.setup();
    render(<InstallButton />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    const button = screen.getByRole('button', { name: '앱 설치' });
    await user.click(button);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The event can be used once: the button goes until the browser offers it again.
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
    offerInstall('dismissed');
    expect(screen.getByRole('button', { name: '앱 설치' })).toBeInTheDocument();
  });

  it('hides when appinstalled fires', () => {
    render(
      <>
        <InstallButton />
        <InstallNavButton className="button" labelClassName="label" />
      </>,
    );
    offerInstall();
    expect(screen.getAllByRole('button', { name: '앱 설치' })).toHaveLength(2);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
  });

  it('stays hidden when running as the installed app (display-mode: standalone)', () => {
    setStandalone(true);
    render(<InstallButton />);
    offerInstall();
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
  });

  it('has an icon-only form that keeps its name', () => {
    render(<InstallButton compact />);
    offerInstall();
    expect(screen.getByRole('button', { name: '앱 설치' })).toBeInTheDocument();
  });
});
