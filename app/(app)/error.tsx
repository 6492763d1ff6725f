'use client';

import { PageError } from '@/features/shell/page-error';

/** The signed-in pages' error boundary: a server read that failed (backend down, 5xx). */
export default PageError;
