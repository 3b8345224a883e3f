import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { tempDir } from './paths.js';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment svc-server reads the store's credentials from. */
  env: NodeJS.ProcessEnv;
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * s3rver (an S3 REST server on disk, from npm) on a free loopback port with one fresh bucket:
 * the object store of the artifact-store tests, reached through the real AWS SDK over HTTP.
 */
export async function startS3(bucket = `svc-art-${Date.now().toString(36)}`): Promise<TestS3> {
  // The SDK's notice that its releases after January 2027 need Node 22 says nothing about these tests.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(tempDir('svc-s3-'), 'data') });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    env: { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    client,
    async keys(prefix = '') {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        out.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
    },
  };
}
