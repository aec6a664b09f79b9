import type { Config } from '../config/config';
import type { MediaStore } from './media-store';
import { localMediaStore } from './media-store-local';
import { s3MediaStore } from './media-store-s3';

/** The store the configuration chooses: MEDIA_STORE=s3 with the S3_* settings, else DATA_DIR/media. */
export function createMediaStore(config: Pick<Config, 'media' | 'mediaDir'>): MediaStore {
  return config.media.s3 ? s3MediaStore(config.media.s3) : localMediaStore(config.mediaDir);
}
