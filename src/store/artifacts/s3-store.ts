import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, keySegments, type ArtifactBody, type ArtifactInfo, type ArtifactStore, type ArtifactStoreConfig } from './artifact-store.js';

type S3Config = Extract<ArtifactStoreConfig, { kind: 's3' }>;
type Sdk = typeof import('@aws-sdk/client-s3');

/** S3's multi-object delete takes at most this many keys a request. */
const DELETE_BATCH = 1000;

/**
 * Artifacts as objects in an S3-compatible bucket, under an optional key prefix. Credentials come
 * from the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN,
 * AWS_PROFILE, instance roles). The SDK is loaded on first use, so servers without S3 never pay
 * for it at start-up.
 */
export class S3ArtifactStore implements ArtifactStore {
  readonly kind = 's3' as const;
  readonly location: string;
  private readonly prefix: string;
  private client?: Promise<{ sdk: Sdk; s3: S3Client }>;

  constructor(private readonly cfg: S3Config) {
    this.prefix = (cfg.prefix ?? '').replace(/^\/+|\/+$/g, '');
    this.location = `s3://${cfg.bucket}${this.prefix ? `/${this.prefix}` : ''}${cfg.endpoint ? ` at ${cfg.endpoint}` : ''}`;
  }

  private sdk(): Promise<{ sdk: Sdk; s3: S3Client }> {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: this.cfg.region || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
        ...(this.cfg.endpoint ? { endpoint: this.cfg.endpoint } : {}),
        forcePathStyle: !!this.cfg.pathStyle,
        // Checksums only where S3 requires them: S3-compatible servers do not all take the
        // SDK's default trailing-checksum uploads.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.client;
  }

  private objectKey(key: string): string {
    if (!keySegments(key)) throw new Error(`not an artifact key: ${JSON.stringify(key)}`);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  localDir(): null {
    return null;
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    const { sdk, s3 } = await this.sdk();
    const size = (await stat(file)).size;
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType ?? contentTypeOf(key) }));
  }

  async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    const { sdk, s3 } = await this.sdk();
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key), Body: body, ContentLength: body.length, ContentType: contentType ?? contentTypeOf(key) }));
  }

  async stat(key: string): Promise<ArtifactInfo | null> {
    if (!keySegments(key)) return null;
    const { sdk, s3 } = await this.sdk();
    try {
      const h = await s3.send(new sdk.HeadObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }));
      return { key, size: h.ContentLength ?? 0 };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<ArtifactBody | null> {
    if (!keySegments(key)) return null;
    const { sdk, s3 } = await this.sdk();
    try {
      const r = await s3.send(new sdk.GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      const length = r.ContentLength ?? 0;
      const total = /\/(\d+)$/.exec(r.ContentRange ?? '')?.[1];
      return { body: r.Body as Readable, length, size: total ? Number(total) : length, contentType: contentTypeOf(key) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<ArtifactInfo[]> {
    if (!keySegments(prefix)) return [];
    const { sdk, s3 } = await this.sdk();
    const from = `${this.objectKey(prefix)}/`;
    const cut = this.prefix ? this.prefix.length + 1 : 0;
    const out: ArtifactInfo[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: this.cfg.bucket, Prefix: from, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key.slice(cut), size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.stat(key))) return false;
    const { sdk, s3 } = await this.sdk();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.objectKey(key) }));
    return true;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = (await this.list(prefix)).map((o) => this.objectKey(o.key));
    if (!keys.length) return 0;
    const { sdk, s3 } = await this.sdk();
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const r = await s3.send(new sdk.DeleteObjectsCommand({ Bucket: this.cfg.bucket, Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key })), Quiet: true } }));
      if (r.Errors?.length) throw new Error(`deleting artifacts under ${prefix}: ${r.Errors[0]!.Key}: ${r.Errors[0]!.Code} ${r.Errors[0]!.Message ?? ''}`.trim());
    }
    return keys.length;
  }

  close(): void {
    void this.client?.then((c) => c.s3.destroy()).catch(() => undefined);
  }
}

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
