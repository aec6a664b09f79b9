import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { mediaSrcSet, mediaUrl } from '../../lib/media';

type SxItem = Exclude<SxProps<Theme>, readonly unknown[]>;

interface MediaImageProps {
  /** Stored image name ('id.webp'), or null for a neutral placeholder. */
  name: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right width. */
  sizes: string;
  /** Width / height of the box; the box keeps it while the image loads, so nothing jumps. */
  aspectRatio: number;
  /** Above the fold, likely the largest paint: load at once with high priority. */
  priority?: boolean;
  fit?: 'cover' | 'contain';
  sx?: SxProps<Theme>;
}

/** A stored image in a fixed aspect-ratio box, with a srcset over the server's cached widths. */
export function MediaImage({
  name,
  alt,
  sizes,
  aspectRatio,
  priority = false,
  fit = 'cover',
  sx,
}: MediaImageProps) {
  return (
    <Box
      sx={[
        {
          position: 'relative',
          aspectRatio: String(aspectRatio),
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        },
        ...(Array.isArray(sx) ? (sx as readonly SxItem[]) : [sx as SxItem]),
      ]}
    >
      {name ? (
        <Box
          component="img"
          src={mediaUrl(name, 640)}
          srcSet={mediaSrcSet(name)}
          sizes={sizes}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          width={640}
          height={Math.round(640 / aspectRatio)}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: fit,
            display: 'block',
          }}
        />
      ) : (
        <ImageOutlined aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
      )}
    </Box>
  );
}
