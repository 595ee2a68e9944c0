import { phoneTimeSchema } from './riders.js';
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../catalogue/enums.js';
import { MAX_TEXT_LENGTH, VALIDATION_MESSAGES } from '../validation/index.js';
import { shipmentTrackingParams } from './shipments.js';

/** Uploads, proof images and shipment documents (api-catalogue "Uploads", "Shipments"). */

/** Proof photo kinds (DELETE /shipments/{trackingNumber}/proof-image/{type}); the server's proof_images check uses the same list. */
export const PROOF_IMAGE_TYPES = ['pickup', 'delivery'] as const;
export type ProofImageType = (typeof PROOF_IMAGE_TYPES)[number];

export const INVALID_BASE64_MESSAGE = 'Invalid base64 data';
export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 10 MB (10485760 bytes)';
export const UNSUPPORTED_FILE_MESSAGE = 'Only images (JPEG, PNG, WebP, HEIC) and PDF files are accepted';

// A name, never a path: no separators, no control characters, not "." or "..".
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const FILE_NAME_PATTERN = /^(?!\.{1,2}$)[^/\\\u0000-\u001f\u007f]+$/;
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(255, 'File name must be at most 255 characters')
  .regex(FILE_NAME_PATTERN, 'File name must not contain a path');

const booleanQuery = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/** A folder hint for where the file is kept ("avatars", "billing/2026"); the server still picks the key. */
const folderSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'Path may contain letters, digits, "-", "_" and "/" only');

export const uploadApiQuery = z.object({
  path: folderSchema.optional(),
  shouldMakePublic: booleanQuery.optional(),
});

/**
 * createUploadDto (fileName, fileUrl, path, shouldMakePublic): a file as base64 (or a data URL); the registration of
 * a signed-URL upload by its token; or the registration of a file already stored by its `fileUrl` (the signed-url
 * answer's fileUrl, or one of the caller's uploads). `path` is the folder the signed URL was asked for.
 */
export const createUploadBody = z.union([
  z.object({
    fileName: fileNameSchema,
    content: z.string().min(1, 'Required'),
    path: folderSchema.optional(),
    shouldMakePublic: booleanQuery.optional(),
  }),
  z.object({ fileName: fileNameSchema, uploadToken: z.string().min(1).max(200), path: folderSchema.optional() }),
  z.object({
    fileName: fileNameSchema,
    fileUrl: z.string().trim().min(1, 'Required').max(1024, 'fileUrl must be at most 1,024 characters'),
    path: folderSchema.optional(),
    shouldMakePublic: booleanQuery.optional(),
  }),
]);
export type CreateUploadInput = z.input<typeof createUploadBody>;

export const signedUrlBody = z.object({
  fileName: fileNameSchema,
  /** What the client will send; the server still checks the bytes. */
  contentType: z.string().max(100).optional(),
  shouldMakePublic: booleanQuery.optional(),
  /** The folder the file is kept in (as POST /uploads/upload-api's path): part of what the link grants. */
  path: folderSchema.optional(),
});

export const signedUrlDto = z.object({
  uploadId: z.string(),
  method: z.literal('PUT'),
  url: z.string(),
  /** Send this back in POST /uploads { fileName, uploadToken } once the bytes are up (needed for S3). */
  uploadToken: z.string(),
  /** Or send this in POST /uploads { fileName, fileUrl } (the catalogue's createUploadDto); for local storage it is `url`. */
  fileUrl: z.string(),
  /** The folder asked for, or null. */
  path: z.string().nullable(),
  expiresAt: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type SignedUrlDto = z.infer<typeof signedUrlDto>;

export const uploadDto = z.object({
  id: z.string(),
  fileName: z.string(),
  fileUrl: z.string(),
  path: z.string(),
  shouldMakePublic: z.boolean(),
  contentType: z.string(),
  sizeInBytes: z.number().int(),
  checksum: z.string().nullable(),
  uploadedById: z.string().nullable(),
  createdAt: z.string(),
});
export type UploadDto = z.infer<typeof uploadDto>;

/** GET /uploads/{id}: one of my uploads (staff: any). */
export const uploadIdParams = z.object({ id: z.uuid() });
/** PUT /uploads/signed/{token}?fileName=: the bytes of a signed upload (local storage). */
export const signedUploadParams = z.object({ token: z.string().max(100) });
export const signedUploadQuery = z.object({ fileName: fileNameSchema, path: folderSchema.optional() });

export const downloadFileQuery = z.object({
  fileName: fileNameSchema.optional(),
  /** The upload's fileUrl, its storage path or its id. */
  fileUrl: z.string().trim().min(1).max(1024).optional(),
});

export const proofImageBody = z.object({
  type: z.enum(PROOF_IMAGE_TYPES),
  /** A data URL (data:image/jpeg;base64,…) or bare base64. */
  imageBase64: z.string().min(1, INVALID_BASE64_MESSAGE),
  /** When the photo was taken on the phone (an offline rider's photo is sent later). */
  takenAt: phoneTimeSchema.optional(),
});
export type ProofImageInput = z.input<typeof proofImageBody>;

/** Optional: DELETE may come without a body (Fastify then hands over null). */
export const deleteProofImageBody = z.object({ uploadId: z.uuid().optional() }).nullish();

export const proofImageDto = z.object({
  id: z.string(),
  type: z.enum(PROOF_IMAGE_TYPES),
  uploadId: z.string(),
  /** A download path the caller can open (GET /uploads/download/file). */
  url: z.string(),
  /** When the server received it. */
  createdAt: z.string(),
  /** When it was taken on the phone, if the phone said. */
  takenAt: z.string().nullable().optional(),
});
export type ProofImageDto = z.infer<typeof proofImageDto>;
/** DELETE /shipments/{trackingNumber}/proof-image/{type}. */
export const proofImageTypeParams = shipmentTrackingParams.extend({ type: z.enum(PROOF_IMAGE_TYPES) });

const documentName = z.string().trim().min(1, 'Required').max(255, 'Name must be at most 255 characters');
export const createDocumentBody = z.union([
  z.object({ name: documentName, documentType: z.enum(DOCUMENT_TYPES), uploadId: z.uuid() }),
  z.object({
    name: documentName,
    documentType: z.enum(DOCUMENT_TYPES),
    fileName: fileNameSchema.optional(),
    content: z.string().min(1, 'Required'),
  }),
]);
export type CreateDocumentInput = z.input<typeof createDocumentBody>;

export const shipmentDocumentDto = z.object({
  id: z.string(),
  name: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  uploadId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeInBytes: z.number().int(),
  url: z.string(),
  uploadedById: z.string().nullable(),
  createdAt: z.string(),
});
export type ShipmentDocumentDto = z.infer<typeof shipmentDocumentDto>;
/** DELETE /shipments/{trackingNumber}/documents/{documentId}. */
export const shipmentDocumentParams = shipmentTrackingParams.extend({ documentId: z.uuid() });

export const mileNoteText = z.string().trim().min(1, 'Required').max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText);
