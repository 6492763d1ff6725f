import { IMAGE_MIME_TYPES } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

/** The file input's `accept`: the image types the backend takes (a hint for the file picker). */
export const ACCEPTED_IMAGE_TYPES = IMAGE_MIME_TYPES.join(',');

/**
 * Why a chosen file cannot be uploaded, or null when it can: only a non-image by MIME type is
 * refused here (`이미지 파일만 업로드 가능합니다.`). The 10MB of the hint is not enforced in the form: an
 * oversize file, or an image type the backend does not take, is refused by the backend and the form
 * shows `업로드 실패!`.
 */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.upload.imageOnly;
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
