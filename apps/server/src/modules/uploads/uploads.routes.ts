import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  createUploadBody,
  dataOf,
  downloadFileQuery,
  fileNameSchema,
  signedUploadParams,
  signedUploadQuery,
  signedUrlBody,
  signedUrlDto,
  uploadApiQuery,
  uploadDto,
  uploadIdParams,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError, notFound } from '../../errors.js';
import { FileTooLargeError, MAX_FILE_SIZE_BYTES } from '../../platform/storage/index.js';
import { issueSignedUpload, receiveSignedUpload, registerSignedUpload, registerStoredFile, uploadFolderOf } from './signed-uploads.service.js';
import { checkBase64File, checkFile, contentDisposition, findOwnUpload, findReadableUpload, storeUpload, toUploadDto } from './uploads.service.js';

const tags = ['uploads'];
const MULTIPART_MESSAGE = "Send the file as multipart/form-data in a part named 'file'";

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ db: app.db, storage: app.storage });
  // Registered here only: no other route parses multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE_BYTES, files: 1, fields: 20, parts: 21 } });

  app.post(
    '/upload-api',
    {
      schema: {
        tags,
        summary: 'Upload a file (multipart part "file"; images or PDF, 10 MB at most)',
        querystring: uploadApiQuery,
        response: { 201: dataOf(uploadDto) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      if (!request.isMultipart()) throw fieldError('file', MULTIPART_MESSAGE);
      let file: { bytes: Buffer; name: string };
      try {
        const part = await request.file();
        if (part?.fieldname !== 'file') throw fieldError('file', MULTIPART_MESSAGE);
        file = { bytes: await part.toBuffer(), name: part.filename };
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new FileTooLargeError();
        // The multipart parser (busboy) throws plain errors for a body it cannot read ("Boundary not found",
        // "Unexpected end of multipart data"): the client's mistake. Its own limits carry a status code.
        if (error instanceof Error && !('statusCode' in error) && !('code' in error)) throw fieldError('file', MULTIPART_MESSAGE);
        throw error;
      }
      const fileName = fileNameSchema.safeParse(file.name);
      if (!fileName.success) throw fieldError('file', fileName.error.issues[0]?.message ?? 'Invalid file name');
      const row = await storeUpload(files(), {
        file: checkFile(file.bytes),
        fileName: fileName.data,
        uploadedById: actor.id,
        isPublic: request.query.shouldMakePublic,
        prefix: uploadFolderOf(request.query.path),
      });
      return reply.status(201).send({ data: toUploadDto(row) });
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Upload a base64 file, or record a file already stored: a direct (signed-URL) upload by uploadToken or fileUrl',
        body: createUploadBody,
        response: { 201: dataOf(uploadDto), 200: dataOf(uploadDto) },
      },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      const body = request.body;
      if ('uploadToken' in body) {
        const { row, created } = await registerSignedUpload(files(), app.secret, actor, body);
        return reply.status(created ? 201 : 200).send({ data: toUploadDto(row) });
      }
      if ('fileUrl' in body) {
        const { row, created } = await registerStoredFile(files(), app.secret, actor, body);
        return reply.status(created ? 201 : 200).send({ data: toUploadDto(row) });
      }
      const row = await storeUpload(files(), {
        file: checkBase64File(body.content),
        fileName: body.fileName,
        uploadedById: actor.id,
        isPublic: body.shouldMakePublic,
        prefix: uploadFolderOf(body.path),
      });
      return reply.status(201).send({ data: toUploadDto(row) });
    },
  );

  app.post(
    '/signed-url',
    { schema: { tags, summary: 'A short-lived URL to PUT a file to directly', body: signedUrlBody, response: { 200: dataOf(signedUrlDto) } } },
    async (request) => {
      const actor = request.requireActor();
      return { data: await issueSignedUpload(files(), app.secret, actor, request.body) };
    },
  );

  await app.register(async (raw) => {
    // The bytes arrive as they are, whatever type the client declares; readLimited stops at 10 MB.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/signed/:token',
      {
        schema: {
          tags,
          summary: 'Receive the bytes of a signed upload (local storage)',
          params: signedUploadParams,
          querystring: signedUploadQuery,
          response: { 201: dataOf(uploadDto) },
        },
      },
      async (request, reply) => {
        const row = await receiveSignedUpload(files(), app.secret, request.params.token, request.query, request.body as Readable);
        return reply.status(201).send({ data: toUploadDto(row) });
      },
    );
  });

  app.get(
    '/download/file',
    { schema: { tags, summary: 'Open a file I may see (own, public, or attached to a shipment I can see)', querystring: downloadFileQuery } },
    async (request, reply) => {
      const row = await findReadableUpload(files(), request.actor, request.query);
      const stored = row.storageDriver === app.storage.name ? await app.storage.get(row.path) : null;
      if (!stored) throw notFound('File');
      return reply
        .header('content-type', row.contentType)
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition(request.query.fileName ?? row.fileName))
        .header('cache-control', row.isPublic ? 'public, max-age=86400' : 'private, no-store')
        .send(stored.stream);
    },
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'Metadata of one of my uploads (staff: any)', params: uploadIdParams, response: { 200: dataOf(uploadDto) } } },
    async (request) => {
      const actor = request.requireActor();
      return { data: toUploadDto(await findOwnUpload(app.db, actor, request.params.id)) };
    },
  );
};
