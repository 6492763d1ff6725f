import {
  type ImportBodyParts,
  type ImportLinks,
  type ImportPreview,
  importPreviewSchema,
  type ImportResult,
  importResultSchema,
} from '@/lib/contract/data-import';
import type { WeightUnit } from '@/lib/shared/training/units';

import { requestJson } from './client';
import { MEMBER_IMPORT_PATH, MEMBER_IMPORT_PREVIEW_PATH } from './keys';

/** What the member chose in the preview: the unit of a Strong file, body parts of new exercises. */
export interface ImportChoices {
  unit?: WeightUnit;
  bodyParts?: ImportBodyParts;
  /** What the member linked each exercise to (issue 29); absent, the preview's suggestion. */
  links?: ImportLinks;
}

/** The multipart body both calls take; the browser sets its boundary, so no Content-Type here. */
function importBody(file: File, choices: ImportChoices): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  if (choices.unit) body.append('unit', choices.unit);
  if (choices.bodyParts && Object.keys(choices.bodyParts).length > 0) {
    body.append('bodyParts', JSON.stringify(choices.bodyParts));
  }
  if (choices.links && Object.keys(choices.links).length > 0) {
    body.append('links', JSON.stringify(choices.links));
  }
  return body;
}

/** POST /api/member/import/preview: what importing `file` would do; writes nothing. */
export function previewImport(file: File, choices: ImportChoices = {}): Promise<ImportPreview> {
  return requestJson(MEMBER_IMPORT_PREVIEW_PATH, {
    method: 'POST',
    body: importBody(file, choices),
    schema: importPreviewSchema,
  });
}

/**
 * POST /api/member/import: imports `file` in one transaction. `idempotencyKey` (one per confirmed
 * import) makes a retry after a lost answer get the first answer instead of importing twice.
 */
export function runImport(
  file: File,
  choices: ImportChoices,
  idempotencyKey: string,
): Promise<ImportResult> {
  return requestJson(MEMBER_IMPORT_PATH, {
    method: 'POST',
    body: importBody(file, choices),
    headers: { 'Idempotency-Key': `"${idempotencyKey}"` },
    schema: importResultSchema,
  });
}
