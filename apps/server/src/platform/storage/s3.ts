import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type StorageDriver, type StoredObject } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO, Cloudflare R2, DigitalOcean Spaces…; path-style addressing is used when set. */
  endpoint?: string;
  /** Both or neither; neither = the SDK's default chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Any S3-compatible object store, through the official AWS SDK v3. */
export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;
  readonly bucket: string;
  private readonly options: S3StorageOptions;
  private client: S3Client | null = null;
  private closed = false;
  private loading: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | null = null;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.options = options;
  }

  /**
   * The AWS SDK is loaded on the first call, not when the server starts: it is one of the heaviest libraries the
   * server has, and most processes (tests, a server on local disk) never use it.
   */
  private sdk(): Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> {
    if (this.closed) return Promise.reject(new Error('S3 storage is closed'));
    this.loading ??= import('@aws-sdk/client-s3').then((s3) => {
      const client = this.makeClient(s3);
      // Closed while the SDK was loading: the client made now would otherwise keep its sockets open.
      if (this.closed) client.destroy();
      else this.client = client;
      return { client, s3 };
    });
    return this.loading;
  }

  private makeClient({ S3Client }: typeof import('@aws-sdk/client-s3')): S3Client {
    const options = this.options;
    return new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Several S3-compatible stores reject the SDK's newer default checksum headers; send them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { client, s3 } = await this.sdk();
    await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const { client, s3 } = await this.sdk();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
      return { stream: out.Body, contentType: out.ContentType ?? 'application/octet-stream', size: out.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof s3.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { client, s3 } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async presignPut(key: string, contentType: string | undefined, expiresInSeconds: number): Promise<string> {
    assertSafeKey(key);
    const [{ client, s3 }, { getSignedUrl }] = await Promise.all([this.sdk(), import('@aws-sdk/s3-request-presigner')]);
    const command = new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, ...(contentType ? { ContentType: contentType } : {}) });
    return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
  }

  close(): void {
    this.closed = true;
    this.client?.destroy();
    this.client = null;
  }
}
