import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { multipartError, type MultipartAnswers } from './multipart-errors';

const answers: MultipartAnswers = {
  tooLarge: () => new HttpError(413, 'request.rejected', { reason: 'too large' }),
  tooMany: () => new HttpError(413, 'request.rejected', { reason: 'one file only' }),
  malformed: () => new HttpError(400, 'request.rejected', { reason: 'send multipart' }),
};
// @fastify/multipart's errors carry a code and its own status.
const thrown = (code: string, statusCode: number) => Object.assign(new Error(code), { code, statusCode });

describe('multipartError', () => {
  it.each([
    ['FST_REQ_FILE_TOO_LARGE', 413, 413, 'too large'],
    ['FST_FILES_LIMIT', 413, 413, 'one file only'],
    ['FST_PARTS_LIMIT', 413, 413, 'one file only'],
    ['FST_FIELDS_LIMIT', 413, 413, 'one file only'],
    ['FST_INVALID_MULTIPART_CONTENT_TYPE', 406, 400, 'send multipart'],
    ['FST_MP_PREMATURE_CLOSE', 400, 400, 'send multipart'],
    ['FST_PROTO_VIOLATION', 400, 400, 'send multipart'],
    ['FST_INVALID_JSON_FIELD_ERROR', 406, 400, 'send multipart'],
  ])('answers %s (%i from the parser) with the route’s %i', (code, parserStatus, status, message) => {
    const answer = multipartError(thrown(code, parserStatus), answers);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({ statusCode: status, message });
  });

  it('leaves other errors as they came, for the error handler', () => {
    for (const err of [thrown('FST_FILE_BUFFER_NOT_FOUND', 500), new Error('disk full'), null, 'text']) {
      expect(multipartError(err, answers)).toBe(err);
    }
  });
});
