import 'server-only';

import { LOGIN_CHECK_PATH } from '@/lib/api/keys';
import { loginCheckSchema } from '@/lib/contract/session';

import { backendGet } from './backend-get';
import { ACCESS_TOKEN_COOKIE } from './cookies';

/**
 * Whether the backend accepts `accessToken` (its login check, public and always 200). proxy.ts
 * asks only before sending /login home on a token that looks fresh: a token the backend refuses
 * (signed with another key after JWT_SECRET or the data folder changed, or its member deleted)
 * would otherwise bounce between /login (sent home here) and the signed-in layout (whose server
 * check sends it back). An unreachable backend or an odd answer counts as accepted: nothing is
 * known, and the page itself will say so.
 */
export async function backendAcceptsAccessToken(accessToken: string): Promise<boolean> {
  try {
    const response = await backendGet(LOGIN_CHECK_PATH, `${ACCESS_TOKEN_COOKIE}=${accessToken}`);
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return true;
    }
    const parsed = loginCheckSchema.safeParse(await response.json());
    return !parsed.success || parsed.data.check;
  } catch {
    return true;
  }
}
