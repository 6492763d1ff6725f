import 'server-only';

import { routinesRead } from '@/features/training/reads/routines';
import { readFallbackKey, serverRead } from '@/lib/bff/server-read';

/**
 * What the routines page's first view shows, as SWR fallback: the member's routines (the add
 * dialog's exercise list loads when it is opened).
 */
export async function routineFallback() {
  return { [readFallbackKey(routinesRead)]: await serverRead(routinesRead) };
}
