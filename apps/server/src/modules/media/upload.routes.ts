import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { UploadedImageSchema } from '@dalil/contracts/media';
import { fieldError, HttpError } from '../../lib/errors';
import { multipartError, type MultipartAnswers } from '../../lib/multipart-errors';
import { storeImage } from './media.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
};

const notMultipart = () => fieldError(400, 'file', 'image.sendAsFile', {});

/** multipart's own errors (size, counts, bad stream) as answers a person can act on. */
const imageAnswers = (maxBytes: number): MultipartAnswers => ({
  tooLarge: () => new HttpError(413, 'image.tooLarge', { size: (maxBytes / 1024 / 1024).toFixed(1) }),
  tooMany: () => new HttpError(413, 'image.sendOne', {}),
  malformed: notMultipart,
});

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
        if (!request.isMultipart()) throw notMultipart();
        // Reads every part, so a second file is refused (413) instead of silently ignored.
        let data: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname === 'file') data = await part.toBuffer();
            else part.file.resume();
          }
        } catch (err) {
          throw multipartError(err, imageAnswers(imageMaxBytes));
        }
        if (!data) throw fieldError(400, 'file', 'field.required', {});
        return reply.status(201).send(await storeImage(app.ctx.media, data));
      },
    );
  });
}
