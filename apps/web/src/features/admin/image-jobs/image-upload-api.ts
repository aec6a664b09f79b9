import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import {
  ImageJobListSchema,
  ImageJobSchema,
  ImageJobStartedSchema,
  ImagePreviewSchema,
  type ImageJob,
  type ImagePreview,
} from '@dalil/contracts/image-upload';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

/** A dropped file with the folders it came from (react-dropzone keeps them in `path`). */
const form = (files: File[]) => {
  const body = new FormData();
  for (const file of files) {
    const path = (file as File & { path?: string }).path?.replace(/^\.?\//, '') || file.name;
    body.append('file', file, path);
  }
  return body;
};

const query = (family: number | '', dryRun: boolean) => ({
  ...(dryRun ? { dryRun: 'true' } : {}),
  ...(family === '' ? {} : { family: String(family) }),
});

export async function previewImages(
  files: File[],
  family: number | '',
  onProgress: (p: UploadProgress) => void,
) {
  const answer = await uploadWithProgress<unknown>(API_PATHS.uploadImages, form(files), {
    query: query(family, true),
    onProgress,
  });
  return ImagePreviewSchema.parse(answer) satisfies ImagePreview;
}

export async function startImageJob(
  files: File[],
  family: number | '',
  onProgress: (p: UploadProgress) => void,
) {
  const answer = await uploadWithProgress<unknown>(API_PATHS.uploadImages, form(files), {
    query: query(family, false),
    onProgress,
  });
  return ImageJobStartedSchema.parse(answer);
}

const running = (job: Pick<ImageJob, 'state'> | undefined) =>
  job?.state === 'queued' || job?.state === 'running';

/** One job, read every second while it runs. */
export const imageJobQuery = (id: number) =>
  queryOptions({
    queryKey: ['image-jobs', id],
    queryFn: async ({ signal }) =>
      ImageJobSchema.parse(
        await apiRequest<unknown>(withParams(API_PATHS.uploadImagesJob, { id }), { signal }),
      ),
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });

/** The latest jobs without their reports, newest first: a reopened screen lists them. */
export const recentImageJobsQuery = queryOptions({
  queryKey: ['image-jobs', 'recent'],
  queryFn: async ({ signal }) =>
    ImageJobListSchema.parse(await apiRequest<unknown>(API_PATHS.uploadImages, { signal })).data,
  // A job that is still running changes its line (state and counts) as it goes.
  refetchInterval: (q) => (q.state.data?.some(running) ? 2000 : false),
});
