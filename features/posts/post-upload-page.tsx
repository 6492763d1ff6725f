'use client';

import { useRouter } from 'next/navigation';
import {
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeError, failureMessage } from '@/components/ui/errors';
import { UploadIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { isNetworkError } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';
import { POST_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { photoForUpload, PhotoTooLargeError } from '@/lib/images/shrink-photo';
import { useRuntimeConfig } from '@/lib/runtime-config';

import { CharCounter } from './char-counter';
import styles from './post-upload-page.module.css';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, uploadFormProblem } from './upload-form';
import { useResetFeed } from './use-feed';
import { useRevalidateMemberPosts } from './use-member-posts';

function hasFiles(event: DragEvent<HTMLElement>): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

interface Chosen {
  file: File;
  /** An object URL of the file for the preview; revoked when replaced and on unmount. */
  preview: string;
}

/** The chosen image and its preview URL. */
function useChosenImage(): [Chosen | null, (file: File) => void] {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  function choose(file: File) {
    const preview = URL.createObjectURL(file);
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = preview;
    setChosen({ file, preview });
  }
  return [chosen, choose];
}

/**
 * The upload form (/post/upload): a drop zone (drag and drop, or click / keyboard to choose through
 * a real file input), a preview, the hint `PNG, JPG, GIF (최대 10MB)`, the text and `업로드하기`.
 * A non-image is refused as it is chosen (`이미지 파일만 업로드 가능합니다.`); a missing file or text
 * toasts `파일과 내용을 모두 입력해주세요!`; nothing is sent until both pass. The 10MB of the hint is
 * not enforced here: the backend refuses an oversize file or an image type it
 * does not take. Success toasts `업로드 성공!` and goes to the feed client-side with the new post on
 * top; failure toasts `업로드 실패!` and keeps the form. On a host with a request body limit
 * (UPLOAD_BODY_LIMIT_BYTES) a photo too large for it is shrunk in the browser before it is sent,
 * or, when this browser cannot redraw it, refused with the reason and the form kept.
 */
export function PostUploadPage() {
  const router = useRouter();
  const toast = useToast();
  const { uploadBodyLimitBytes } = useRuntimeConfig();
  const resetFeed = useResetFeed();
  const revalidateMemberPosts = useRevalidateMemberPosts();
  const inputId = useId();
  const hintId = useId();
  const textId = useId();
  const counterId = useId();
  const [chosen, choose] = useChosenImage();
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;
  const [text, setText] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dragDepth = useRef(0);

  /** Takes a chosen or dropped file, unless it is not an image. */
  function take(candidate: File | undefined) {
    if (!candidate) return;
    const problem = imageFileProblem(candidate);
    if (problem) {
      toast.error(problem);
      return;
    }
    choose(candidate);
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files?.[0]);
    // The chosen file lives in state; clearing the input lets the same file be chosen again.
    event.target.value = '';
  }

  function onDragEnter(event: DragEvent<HTMLElement>) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragOver(true);
  }

  function onDragOver(event: DragEvent<HTMLElement>) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function onDragLeave() {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragOver(false);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    dragDepth.current = 0;
    setDragOver(false);
    if (submitting) return;
    take(event.dataTransfer?.files?.[0]);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problem = uploadFormProblem(file, text);
    if (problem || !file) {
      toast.error(problem ?? messages.upload.missing);
      return;
    }
    // A photo is never queued: offline, the member is told to post once connected.
    if (!navigator.onLine) {
      toast.error(messages.sync.postOffline);
      return;
    }
    setSubmitting(true);
    try {
      // On a host with a small body limit the photo is shrunk to fit first (under `업로드 중...`).
      const photo = await photoForUpload(file, uploadBodyLimitBytes, [text.trim()]);
      await (await loadApi()).uploadPost(photo, text.trim());
    } catch (failure) {
      if (failure instanceof PhotoTooLargeError) {
        toast.error(failure.message);
        setSubmitting(false);
        return;
      }
      console.error(messages.upload.failure, describeError(failure, ''));
      toast.error(
        isNetworkError(failure)
          ? messages.sync.postOffline
          : failureMessage(failure, messages.upload.failure),
      );
      setSubmitting(false);
      return;
    }
    await resetFeed();
    void revalidateMemberPosts();
    toast.success(messages.upload.success);
    // Stays disabled: the page is being left.
    router.push('/post');
  }

  const zoneClass = [
    styles.zone,
    dragOver ? styles.dragOver : '',
    preview ? styles.hasPreview : '',
    submitting ? styles.disabled : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.page}>
      <PageHeader title={messages.upload.title} description={messages.upload.description} />
      <Card>
        <form className={styles.form} onSubmit={onSubmit}>
          <div
            className={zoneClass}
            onDragEnter={onDragEnter}
            onDragOver={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
            data-drag-over={dragOver || undefined}
          >
            <input
              id={inputId}
              className={`visuallyHidden ${styles.fileInput}`}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              aria-describedby={hintId}
              disabled={submitting}
              onChange={onChoose}
            />
            <label htmlFor={inputId} className={styles.zoneLabel}>
              {preview ? (
                // A blob: URL of the chosen file; next/image cannot optimise it.
                // eslint-disable-next-line @next/next/no-img-element
                <img className={styles.preview} src={preview} alt={messages.upload.previewAlt} />
              ) : (
                <span className={styles.zoneIcon} aria-hidden="true">
                  <UploadIcon />
                </span>
              )}
              <span className={styles.zoneText}>
                {dragOver ? messages.upload.dropHere : messages.upload.dropzone}
              </span>
            </label>
          </div>
          <div className={styles.fileLine} id={hintId}>
            <span>{messages.upload.hint}</span>
            {file ? (
              <span className={styles.fileName}>
                {messages.upload.selected(file.name, messages.upload.fileSize(file.size))}
              </span>
            ) : null}
          </div>

          <div className={styles.field}>
            <label className={styles.label} htmlFor={textId}>
              {messages.upload.textLabel}
            </label>
            <textarea
              id={textId}
              className={styles.textarea}
              value={text}
              rows={5}
              maxLength={POST_LIMITS.text}
              placeholder={messages.upload.placeholder}
              aria-describedby={counterId}
              onChange={(event) => setText(event.target.value.slice(0, POST_LIMITS.text))}
            />
            <CharCounter
              id={counterId}
              className={styles.counter}
              length={text.length}
              max={POST_LIMITS.text}
              labels={messages.upload}
            />
          </div>

          <div className={styles.actions}>
            <ButtonLink href="/post" variant="secondary">
              {messages.upload.cancel}
            </ButtonLink>
            <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? messages.upload.submitting : messages.upload.submit}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
