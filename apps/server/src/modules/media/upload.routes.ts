import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { UploadedImageSchema } from '@dalil/contracts/media';
import { fieldError, HttpError } from '../../lib/errors';
import { storeImage } from './media.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
};

/** multipart's own errors (size, counts, bad stream) as answers a person can act on. */
function multipartProblem(err: unknown, maxBytes: number): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, `The image is too large: at most ${(maxBytes / 1024 / 1024).toFixed(1)} MB`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Send one image in a field named file, and nothing else');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return fieldError(400, 'file', 'Send the image as multipart/form-data in a field named file');
    default:
      return err;
  }
}

/**
 * POST /api/upload/image. The multipart parser lives in this module's own scope, with the image
 * limits; the CSV imports register theirs with their own limits.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { imageMaxBytes } = app.ctx.config;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: imageMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${API_BASE}${API_PATHS.uploadImage}`,
      {
        config: { access: 'staff' },
        schema: {
          tags: ['uploads'],
          summary: 'Upload an image (JPEG, PNG, WebP, AVIF or GIF); save the answer as "public_id.format"',
          operationId: 'uploadImage',
          consumes: ['multipart/form-data'],
          // Documents the form for OpenAPI only: the file arrives as a stream, not as a parsed body.
          body: z.object({ file: z.string().meta({ format: 'binary' }) }).nullish(),
          response: { 201: UploadedImageSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw fieldError(400, 'file', 'Send the image as multipart/form-data in a field named file');
        }
        // Reads every part, so a second file is refused (413) instead of silently ignored.
        let data: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname === 'file') data = await part.toBuffer();
            else part.file.resume();
          }
        } catch (err) {
          throw multipartProblem(err, imageMaxBytes);
        }
        if (!data) throw fieldError(400, 'file', 'This field is required');
        return reply.status(201).send(await storeImage(app.ctx.media, data));
      },
    );
  });
}
