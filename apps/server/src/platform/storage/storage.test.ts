import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { PDF, PNG, PNG_BASE64, TEXT_BASE64 } from '../../testing/files.js';
import { decodeBase64Strict, LocalDiskStorage, newStorageKey, readLimited, S3Storage, sniffContentType } from './index.js';

const text = async (stream: NodeJS.ReadableStream) => (await readLimited(stream as never)).toString('latin1');

describe('content sniffing', () => {
  it('knows images and PDF by their first bytes, whatever they are called', () => {
    expect(sniffContentType(PNG)?.contentType).toBe('image/png');
    expect(sniffContentType(PDF)?.contentType).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.contentType).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))?.contentType).toBe('image/webp');
    expect(sniffContentType(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'))?.contentType).toBe('image/heic');
  });

  it('refuses text, HTML, SVG and executables', () => {
    for (const sample of ['hello', '<html><script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'MZ\x90\x00']) {
      expect(sniffContentType(Buffer.from(sample, 'latin1'))).toBeNull();
    }
  });
});

describe('strict base64', () => {
  it('decodes bare base64 and data URLs', () => {
    expect(decodeBase64Strict(PNG_BASE64)).toEqual(PNG);
    expect(decodeBase64Strict(`data:image/png;base64,${PNG_BASE64}`)).toEqual(PNG);
    expect(decodeBase64Strict(`${PNG_BASE64.slice(0, 20)}\n${PNG_BASE64.slice(20)}`)).toEqual(PNG);
    expect(decodeBase64Strict(TEXT_BASE64)?.toString()).toContain('text file');
  });

  it('refuses what Node would silently half-decode', () => {
    for (const bad of ['', 'not base64!!', 'abc', 'ab=c', 'YQ', 'YR==', 'data:image/png,iVBOR', 'data:image/png;base64,', '*'.repeat(8)]) {
      expect(decodeBase64Strict(bad)).toBeNull();
    }
  });
});

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-storage-'));
  const storage = new LocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes by key', async () => {
    const key = newStorageKey('uploads', 'png');
    expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    await storage.put(key, PNG, 'image/png');
    const got = await storage.get(key);
    expect(got).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(await readLimited(got!.stream)).toEqual(PNG);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting twice is fine
  });

  it('never leaves its directory, whatever the key', async () => {
    fs.writeFileSync(path.join(os.tmpdir(), 'hatid-outside.txt'), 'secret');
    for (const key of ['../hatid-outside.txt', '/etc/passwd', 'a/../../hatid-outside.txt', 'a\\..\\b', '.', '..', 'a//b', '']) {
      await expect(storage.get(key)).rejects.toThrow('Invalid file path');
      await expect(storage.put(key, PNG, 'image/png')).rejects.toThrow('Invalid file path');
      await expect(storage.delete(key)).rejects.toThrow('Invalid file path');
    }
  });

  it('refuses more than 10 MB when reading a stream', async () => {
    const { Readable } = await import('node:stream');
    await expect(readLimited(Readable.from([Buffer.alloc(10_485_760), Buffer.alloc(1)]))).rejects.toMatchObject({ statusCode: 413 });
  });
});

/** Just enough of the S3 REST API (path-style PUT/GET/DELETE) to drive the real SDK against it. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects };
}

describe('S3 storage (against a local S3-compatible endpoint)', () => {
  const fake = fakeS3();
  let storage: S3Storage;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    storage = new S3Storage({
      bucket: 'hatid',
      region: 'ap-southeast-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
    });
  });
  afterAll(async () => {
    storage.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('puts, gets and deletes objects in the bucket (path-style)', async () => {
    await storage.put('uploads/2026/01/a.pdf', PDF, 'application/pdf');
    expect(fake.objects.get('/hatid/uploads/2026/01/a.pdf')?.type).toBe('application/pdf');
    const got = await storage.get('uploads/2026/01/a.pdf');
    expect(got).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    expect(await text(got!.stream)).toBe(PDF.toString('latin1'));
    await storage.delete('uploads/2026/01/a.pdf');
    expect(await storage.get('uploads/2026/01/a.pdf')).toBeNull();
  });

  it('presigns a PUT the client can send the bytes to', async () => {
    const url = await storage.presignPut('signed-uploads/abc', 'image/png', 600);
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(res.status).toBe(200);
    expect(fake.objects.get('/hatid/signed-uploads/abc')?.body).toEqual(PNG);
  });

  it('refuses unsafe keys before calling S3', async () => {
    await expect(storage.get('../other-bucket/x')).rejects.toThrow('Invalid file path');
  });
});

describe('storage configuration', () => {
  const base = { APP_ENV: 'test' };
  it('defaults to local disk under the data dir', () => {
    expect(loadConfig(base).STORAGE_DRIVER).toBe('local');
  });

  it('names the missing or inconsistent S3 variable', () => {
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_REGION: 'ap-southeast-1' })).toThrow('S3_BUCKET: required when STORAGE_DRIVER=s3');
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow('S3_REGION: required when STORAGE_DRIVER=s3');
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_SECRET_ACCESS_KEY: required',
    );
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT: must be an http:// or https:// URL');
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER');
    const ok = loadConfig({
      ...base,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'r',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(ok).toMatchObject({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' });
  });
});
