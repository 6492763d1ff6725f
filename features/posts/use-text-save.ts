'use client';

import { type FormEvent, useRef, useState } from 'react';

import { describeError, fieldErrorsOf } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { type Api, loadApi } from '@/lib/api/load';

export interface TextSaveOptions<T> {
  /** The text the editor starts from. */
  initial: string;
  /** Why the text cannot be sent (the contract's rule), or null. */
  problem: (api: Api, text: string) => string | null;
  /** Sends the text; resolves with what the server saved. */
  save: (api: Api, text: string) => Promise<T>;
  /** Puts the saved value where it belongs (lists, cache); the editor closes after it. */
  onSaved: (saved: T) => Promise<unknown> | void;
  /** The toast when the server refuses without a field message. */
  failedMessage: string;
}

/**
 * The text editors of a post and a comment (issue 16): checked as the contract checks it before
 * anything is sent, a refusal's field message shown under the field (focus back in it), any other
 * failure as a toast; `busy` while it runs.
 */
export function useTextSave<T>({
  initial,
  problem,
  save,
  onSaved,
  failedMessage,
}: TextSaveOptions<T>) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  function fail(message: string) {
    setError(message);
    setBusy(false);
    inputRef.current?.focus();
  }

  /** The submit handler; resolves true once saved. */
  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<boolean> {
    event.preventDefault();
    if (busy) return false;
    setBusy(true);
    let saved: T;
    try {
      const api = await loadApi();
      const reason = problem(api, text);
      if (reason) {
        fail(reason);
        return false;
      }
      saved = await save(api, text);
    } catch (failure) {
      const field = fieldErrorsOf(failure).text;
      if (field) fail(field);
      else {
        toast.error(describeError(failure, failedMessage));
        setBusy(false);
      }
      return false;
    }
    await onSaved(saved);
    setBusy(false);
    return true;
  }

  return { inputRef, text, setText, error, setError, busy, onSubmit };
}
