'use client';

import { type KeyboardEvent, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { CHAT_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './chat-composer.module.css';
import { messageToSend } from './message-list';

export interface ChatComposerProps {
  /** True until the room is connected: input and button are disabled. */
  disabled: boolean;
  /** Sends the text; returns true when it went out (the input is then cleared). */
  onSend: (text: string) => boolean;
}

/** True for the Enter that sends: not Shift+Enter, and not the Enter that ends an IME composition. */
export function isSendKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false;
  // Korean input: the Enter that commits a syllable arrives while composing (Safari: keyCode 229).
  return !event.nativeEvent.isComposing && event.keyCode !== 229;
}

/**
 * The message input and `전송`. Enter sends (never during IME composition); a blank message is
 * ignored; the input is cleared after sending. Not a <form>: implicit submission would fire on the
 * composition-ending Enter in some browsers.
 */
export function ChatComposer({ disabled, onSend }: ChatComposerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  function submit() {
    if (disabled || messageToSend(text) === null) return;
    if (onSend(text)) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isSendKey(event)) return;
    event.preventDefault();
    submit();
  }

  return (
    <div className={styles.composer}>
      <label className="visuallyHidden" htmlFor={inputId}>
        {messages.chat.inputLabel}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="text"
        value={text}
        placeholder={messages.chat.placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        maxLength={CHAT_LIMITS.messageMax}
        autoComplete="off"
        enterKeyHint="send"
      />
      <Button
        className={styles.send}
        disabled={disabled}
        onClick={() => {
          submit();
          inputRef.current?.focus();
        }}
      >
        {messages.chat.send}
      </Button>
    </div>
  );
}
