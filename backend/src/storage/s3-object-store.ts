import type { Readable } from 'node:stream';

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import {
  BUCKET_KEY_PREFIX,
  contentTypeOfKey,
  IMAGE_KEY_PATTERN,
  type ImageObject,
  type ImageObjectStore,
  ImageStorageError,
  isImageKey,
  type OpenedImage,
} from './image-storage';

/** Where the bucket is and how to reach it (config.ts reads it from the S3_* variables). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, s3rver…); absent for AWS itself. */
  endpoint?: string;
  /** `bucket` in the path rather than the host name; what most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (AWS_* variables, instance or task role, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 keeps image objects for a year in any cache in front of it: keys are never reused. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** DeleteObjects takes at most 1000 keys per call. */
const DELETE_BATCH = 1000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires one (DeleteObjects): the SDK's default adds trailing
    // checksums to every upload, which many S3-compatible servers do not understand, and the
    // bodies here are small buffers whose transfer TLS already protects.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Image objects in an S3-compatible bucket under `images/`, so that every backend instance reads
 * what any other wrote. An upload's objects are written side by side, the display image (the one
 * a post names) last; when any write fails, every object of the batch is deleted again.
 */
export class S3ObjectStore implements ImageObjectStore {
  readonly keyPrefix = BUCKET_KEY_PREFIX;

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  async putAll(objects: readonly ImageObject[]): Promise<void> {
    if (!objects.every((object) => IMAGE_KEY_PATTERN.test(object.key))) {
      throw new ImageStorageError('invalid image key');
    }
    const [display, ...variants] = objects;
    try {
      const written = await Promise.allSettled(variants.map((object) => this.put(object)));
      const failed = written.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      if (display) await this.put(display);
    } catch (error) {
      await this.deleteAll(objects.map((object) => object.key)).catch(() => {});
      throw new ImageStorageError('could not write the image to the bucket', { cause: error });
    }
  }

  private async put(object: ImageObject): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: object.key,
        Body: object.data,
        ContentType: object.contentType,
        ContentLength: object.data.length,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async open(key: string): Promise<OpenedImage | null> {
    const contentType = isImageKey(key) ? contentTypeOfKey(key) : undefined;
    if (!contentType) return null;
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!response.Body || response.ContentLength === undefined) return null;
      return {
        stream: response.Body as Readable,
        contentType,
        size: response.ContentLength,
        // The key, not S3's ETag: the same validator whichever store or instance answers.
        etag: `"${key}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ImageStorageError('could not read the image from the bucket', { cause: error });
    }
  }

  async deleteAll(keys: readonly string[]): Promise<void> {
    const valid = keys.filter(isImageKey);
    for (let start = 0; start < valid.length; start += DELETE_BATCH) {
      const batch = valid.slice(start, start + DELETE_BATCH);
      const response = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (response.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new ImageStorageError(
          `could not delete ${failed.length} image objects: ${failed[0].Code} ${failed[0].Message}`,
        );
      }
    }
  }

  /** The bucket exists and these credentials reach it (HeadBucket). */
  async check(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: signal,
    });
  }

  close(): void {
    this.client.destroy();
  }
}
