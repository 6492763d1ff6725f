import path from 'node:path';

import { POST_LIMITS } from '@/lib/contract/post';

import type { Config } from '../config';
import { LocalObjectStore } from './local-image-storage';
import { ProcessingImageStorage } from './processing-image-storage';
import { createS3Client, S3ObjectStore } from './s3-object-store';

/**
 * The image storage the configuration asks for: the S3-compatible bucket when S3_BUCKET is set
 * (every instance reads what any other wrote), else the local folder `DATA_DIR/images` (one
 * instance, nothing to set up).
 */
export function createImageStorage(config: Config): ProcessingImageStorage {
  const store = config.s3
    ? new S3ObjectStore(createS3Client(config.s3), config.s3.bucket)
    : new LocalObjectStore(path.join(config.dataDir, 'images'));
  return new ProcessingImageStorage(store, POST_LIMITS.imageBytes);
}
