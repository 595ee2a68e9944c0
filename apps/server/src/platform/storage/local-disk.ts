import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { contentTypeOfKey } from './sniff.js';
import { assertSafeKey, type StorageDriver, type StoredObject } from './storage.js';

/**
 * Files under one directory (DATA_DIR/uploads by default). The content type is read back from the key's
 * extension, which the server chose from the sniffed bytes; the uploads table keeps the authoritative one.
 */
export class LocalDiskStorage implements StorageDriver {
  readonly name = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Keys are server-generated, but a bad one must still never leave the root. */
  private fileOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new AppError('VALIDATION_FAILED', 'Invalid file path');
    return file;
  }

  /** The content type is not kept: it follows from the key's extension (see the class comment). */
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes, { mode: 0o640 });
    try {
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return { stream: createReadStream(file), contentType: contentTypeOfKey(key), size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}
