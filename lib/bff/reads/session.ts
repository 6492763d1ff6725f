import 'server-only';

import { cache } from 'react';

import { LOGIN_CHECK_PATH } from '@/lib/api/keys';
import { type LoginCheck, loginCheckSchema } from '@/lib/contract/session';

import { readBackend } from '../server-client';

/**
 * GET /api/login/check as the member behind this request (public, always 200). Made once per
 * request: the signed-in layout and any page that needs the member share it.
 */
export const loginCheck = cache((): Promise<LoginCheck> =>
  readBackend(LOGIN_CHECK_PATH, loginCheckSchema),
);
