import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns.js';
import { oneOf } from './_enums.js';
import { users } from './users.js';

/** Storage drivers of ARCHITECTURE "files"; no domain list since only the server knows them. */
export const STORAGE_DRIVERS = ['local', 's3'] as const;

/**
 * Metadata of every stored file (uploads, proof images, shipment documents, billing attachments,
 * payment proofs). The bytes live in the storage driver under `path`; other tables point here.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    fileUrl: text('file_url').notNull(),
    /** Key inside the storage driver; unique so two rows never share (and later delete) one file. */
    path: text('path').notNull(),
    storageDriver: text('storage_driver').notNull().default('local'),
    isPublic: boolean('is_public').notNull().default(false),
    sizeInBytes: integer('size_in_bytes').notNull(),
    contentType: text('content_type').notNull(),
    /** SHA-256 of the bytes, hex. */
    checksum: text('checksum'),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_driver_path_uq').on(t.storageDriver, t.path),
    index('uploads_uploaded_by_idx').on(t.uploadedById),
    // The spec's 10 MB limit (10485760 bytes), also enforced by the multipart plugin.
    check('uploads_size_limit', sql`${t.sizeInBytes} >= 0 AND ${t.sizeInBytes} <= 10485760`),
    check('uploads_storage_driver', oneOf(t.storageDriver, STORAGE_DRIVERS)),
  ],
);
