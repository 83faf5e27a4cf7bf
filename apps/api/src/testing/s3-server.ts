import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3 = {
  env: { S3_BUCKET: string; S3_ENDPOINT: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver, speaking the S3 REST API over HTTP) with one empty bucket. */
export async function startTestS3(bucket = 'sente-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
