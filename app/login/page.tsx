import type { Metadata } from 'next';

import { LoginScreen } from '@/features/account/login/login-screen';
import { getPublicConfig } from '@/lib/config';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.login.title };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sign-in page (outside the signed-in shell). `?next=` is kept for after sign-in; `?error=`
 * shows an error, `?deleted=` the notice of a deleted account.
 */
export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <LoginScreen
      loginUrl={getPublicConfig().loginUrl}
      next={first(params.next)}
      error={first(params.error)}
      accountDeleted={first(params.deleted) !== undefined}
    />
  );
}
