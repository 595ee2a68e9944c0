import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
  private readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
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
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
      return { stream: out.Body, contentType: out.ContentType ?? 'application/octet-stream', size: out.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async presignPut(key: string, contentType: string | undefined, expiresInSeconds: number): Promise<string> {
    assertSafeKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ...(contentType ? { ContentType: contentType } : {}) });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  close(): void {
    this.client.destroy();
  }
}
