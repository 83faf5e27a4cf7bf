import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeStoragePath, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** e.g. https://s3.eu-west-1.amazonaws.com, or a MinIO / R2 / Spaces address; the SDK default when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix?: string;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** The same storage paths as on disk, kept as object keys in an S3-compatible bucket. Objects stay private: files are served through /storage. */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const key = (storagePath: string) => {
    assertSafeStoragePath(storagePath);
    return `${options.prefix ?? ''}${storagePath}`;
  };

  return {
    client,

    async put(storagePath, bytes) {
      // One PUT: S3 makes the object visible only when the whole body has arrived.
      await client.send(new PutObjectCommand({ Bucket, Key: key(storagePath), Body: bytes, ContentLength: bytes.byteLength }));
    },

    async get(storagePath) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key(storagePath) }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(storagePath) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(storagePath) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(storagePath) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(storagePath) }));
    },
  };
}
