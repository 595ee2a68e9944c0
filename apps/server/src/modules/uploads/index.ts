/**
 * Uploads: stored files and who may read them; modules that attach files add an attachment reader.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsRoutes } from './uploads.routes.js';

export { issueSignedUpload } from './signed-uploads.service.js';
export { checkBase64File, deleteUploadRows, findUpload, insertUploadRow, isFileStaff, putFile, removeStoredFiles, storeUpload } from './uploads.service.js';
export type { FilesContext } from './uploads.service.js';
export { addAttachmentReader } from './attachment-readers.js';
export type { AttachmentReader } from './attachment-readers.js';

/** Registers the module's routes (under /api). */
export const uploadsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadsRoutes, { prefix: '/uploads' });
};
