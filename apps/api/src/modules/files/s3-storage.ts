import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
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

type S3Sdk = typeof import('@aws-sdk/client-s3');

const isNotFound = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * The same storage paths as on disk, kept as object keys in an S3-compatible bucket. Objects stay private: files are
 * served through /storage. The AWS SDK (about 24 MB of memory) is loaded by the first call, not at start.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { readonly client: S3Client } {
  let loaded: { sdk: S3Sdk; client: S3Client } | null = null;
  let loading: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  const connect = () => {
    loading ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
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
      loaded = { sdk, client };
      return loaded;
    });
    return loading;
  };
  const Bucket = options.bucket;
  const key = (storagePath: string) => {
    assertSafeStoragePath(storagePath);
    return `${options.prefix ?? ''}${storagePath}`;
  };

  return {
    /** The SDK's client, for a look at the bucket itself (the tests); there once a call has loaded the SDK. */
    get client(): S3Client {
      if (!loaded) throw new Error('the S3 client is made by the first storage call');
      return loaded.client;
    },

    async put(storagePath, bytes) {
      const Key = key(storagePath);
      const { sdk, client } = await connect();
      // One PUT: S3 makes the object visible only when the whole body has arrived.
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.byteLength }));
    },

    async get(storagePath) {
      const Key = key(storagePath);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },

    async exists(storagePath) {
      const Key = key(storagePath);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },

    async delete(storagePath) {
      const Key = key(storagePath);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
