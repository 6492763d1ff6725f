'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { describeError } from '@/components/ui/errors';
import { PlusIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { messages } from '@/lib/i18n/messages';

/**
 * `내 루틴으로 복사`: copies the shared routine into the member's routines, then opens the routines
 * page on the copy with a toast.
 */
export function CopyRoutineButton({ token }: { token: string }) {
  const [copying, setCopying] = useState(false);
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const router = useRouter();

  async function onCopy() {
    if (copying) return;
    setCopying(true);
    try {
      const copy = await (await loadApi()).copySharedRoutine(token);
      await mutate(ROUTINES_KEY);
      toast.success(messages.sharedRoutine.copied(copy.routineName));
      router.push(`/routine?focus=${copy.routineId}`);
    } catch (failure) {
      toast.error(describeError(failure, messages.sharedRoutine.copyFailed));
      setCopying(false);
    }
  }

  return (
    <Button icon={<PlusIcon />} onClick={() => void onCopy()} disabled={copying}>
      {copying ? messages.sharedRoutine.copying : messages.sharedRoutine.copy}
    </Button>
  );
}
