'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError, fieldErrorsOf } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth/session-provider';
import type { SessionUser } from '@/lib/contract/session';
import { LIMITS, POST_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { photoForUpload, PhotoTooLargeError } from '@/lib/images/shrink-photo';
import { useRuntimeConfig } from '@/lib/runtime-config';

import styles from './profile-edit-dialog.module.css';

const text = messages.profileEdit;

/** What the photo becomes on save: kept, replaced by a chosen file, or removed. */
type PhotoChange =
  { kind: 'keep' } | { kind: 'file'; file: File; preview: string } | { kind: 'remove' };

/** Why a chosen file cannot be the photo, or null (checked again by the backend, by content). */
function fileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return text.notAnImage;
  if (file.size > POST_LIMITS.imageBytes) return text.tooLarge;
  return null;
}

export interface ProfileEditDialogProps {
  /** The signed-in member as shown now. Mount the dialog only while open. */
  member: SessionUser;
  onClose: () => void;
}

/**
 * `프로필 편집` (issue 29): the member's name (1–100 characters once trimmed, checked as the
 * contract checks it before anything is sent, the reason under the field) and photo (chosen,
 * previewed, or removed; uploaded through the posts' image pipeline). On save the signed-in member
 * shown everywhere (sidebar, profile) follows at once and the server-rendered parts are refreshed.
 */
export function ProfileEditDialog({ member, onClose }: ProfileEditDialogProps) {
  const formId = useId();
  const nameId = useId();
  const nameErrorId = useId();
  const photoId = useId();
  const photoHintId = useId();
  const photoErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const session = useSession();
  const router = useRouter();
  const toast = useToast();
  const { uploadBodyLimitBytes } = useRuntimeConfig();
  const [name, setName] = useState(member.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A chosen file's preview URL is let go when it is replaced or the dialog closes.
  const preview = photo.kind === 'file' ? photo.preview : null;
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    const problem = fileProblem(file);
    setPhotoError(problem);
    if (problem) return;
    setPhoto({ kind: 'file', file, preview: URL.createObjectURL(file) });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    const nameChanged = trimmed !== member.name;
    setBusy(true);
    let latest: SessionUser | null = null;
    try {
      const api = await loadApi();
      const problem = api.memberNameProblem(name);
      if (problem) {
        setNameError(problem);
        nameRef.current?.focus();
        return;
      }
      // On a host with a small body limit the photo is shrunk to fit (under `저장하는 중...`)
      // before anything is saved, so a photo that cannot be sent changes nothing.
      const file =
        photo.kind === 'file' ? await photoForUpload(photo.file, uploadBodyLimitBytes) : null;
      if (nameChanged) latest = await api.updateMemberName(trimmed);
      if (file) latest = await api.uploadMemberPicture(file);
      else if (photo.kind === 'remove') latest = await api.deleteMemberPicture();
    } catch (failure) {
      if (failure instanceof PhotoTooLargeError) {
        setPhotoError(failure.message);
        return;
      }
      const fields = fieldErrorsOf(failure);
      if (fields.name) setNameError(fields.name);
      if (fields.file) setPhotoError(fields.file);
      if (!fields.name && !fields.file) toast.error(describeError(failure, text.failed));
      // What was saved before the failure is shown (a changed name with a refused photo).
      if (latest) session.updateUser(latest);
      return;
    } finally {
      setBusy(false);
    }
    if (latest) {
      session.updateUser(latest);
      router.refresh();
      toast.success(text.saved);
    }
    onClose();
  }

  const shownPicture =
    photo.kind === 'file' ? photo.preview : photo.kind === 'remove' ? null : member.picture;
  const canRemove = photo.kind === 'file' || (photo.kind === 'keep' && member.picture !== null);

  return (
    <Dialog
      open
      onClose={onClose}
      title={text.title}
      initialFocusRef={nameRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {busy ? text.saving : text.save}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.photo}>
          <legend className={styles.label}>{text.photoLabel}</legend>
          <div className={styles.photoRow}>
            <Avatar
              name={name.trim() || member.name}
              picture={shownPicture}
              size="lg"
              className={styles.avatar}
            />
            <div className={styles.photoActions}>
              <input
                ref={fileRef}
                id={photoId}
                hidden
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/heic,image/heif"
                aria-label={text.photoLabel}
                onChange={onFile}
                disabled={busy}
              />
              <Button
                variant="secondary"
                onClick={() => fileRef.current?.click()}
                disabled={busy}
                aria-describedby={photoError ? `${photoErrorId} ${photoHintId}` : photoHintId}
              >
                {shownPicture ? text.photoChange : text.photoChoose}
              </Button>
              {canRemove ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setPhoto(photo.kind === 'file' ? { kind: 'keep' } : { kind: 'remove' });
                    setPhotoError(null);
                  }}
                  disabled={busy}
                >
                  {text.photoRemove}
                </Button>
              ) : null}
            </div>
          </div>
          <p className={styles.hint} id={photoHintId}>
            {photo.kind === 'remove' ? text.photoWillBeRemoved : text.photoHint}
          </p>
          {photoError ? (
            <p className={styles.error} id={photoErrorId} role="alert">
              {photoError}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={nameId}>
            {text.nameLabel}
          </label>
          <input
            ref={nameRef}
            id={nameId}
            className={styles.input}
            type="text"
            value={name}
            maxLength={LIMITS.name}
            autoComplete="name"
            required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
          {nameError ? (
            <p className={styles.error} id={nameErrorId} role="alert">
              {nameError}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
