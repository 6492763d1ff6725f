import { IMAGE_MIME_TYPES, POST_LIMITS } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

/** The file input's `accept`: the image types the backend takes. */
export const ACCEPTED_IMAGE_TYPES = IMAGE_MIME_TYPES.join(',');

function isAcceptedType(type: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type);
}

/**
 * Why a chosen file cannot be uploaded, or null when it can: not an image by MIME type
 * (`이미지 파일만 업로드 가능합니다.`), an image type the backend refuses, or over 10 MB.
 */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.upload.imageOnly;
  if (!isAcceptedType(file.type)) return messages.upload.unsupported;
  if (file.size > POST_LIMITS.imageBytes) return messages.upload.tooLarge;
  return null;
}

/**
 * Why the form cannot be sent, or null: a file and non-blank text are both needed
 * (`파일과 내용을 모두 입력해주세요!`), and the file must pass `imageFileProblem`.
 */
export function uploadFormProblem(file: File | null, text: string): string | null {
  if (!file || text.trim() === '') return messages.upload.missing;
  return imageFileProblem(file);
}
