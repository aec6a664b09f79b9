import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQuery } from '../lib/config-api';
import { formatMegabytes } from '../lib/file-size';
import { useTranslation } from '../lib/i18n';
import { mediaUrl } from '../lib/media';
import { DropArea } from './drop-area';

export interface ImageFieldProps {
  label: string;
  /** A stored image name, a newly chosen file (uploaded on save), or null. */
  value: File | string | null;
  onChange: (value: File | null) => void;
  error?: string;
}

const IMAGE_ACCEPT = { 'image/*': [] };

/** A data URL previewing a chosen file (read asynchronously; works in jsdom too). */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/**
 * An image form field: preview of the current or chosen image, a remove button, and a drop area that
 * refuses an image larger than the server takes (GET /api/config) before it is sent.
 */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const { t, i18n } = useTranslation();
  // Without the settings the server's own answer still refuses an image that is too large.
  const maxSize = useQuery({ ...configQuery, meta: { handlesErrors: true } }).data?.limits?.imageBytes;
  const file = value instanceof File ? value : null;
  const formats =
    maxSize === undefined
      ? t('admin.image.formats')
      : t('admin.image.formatsUpTo', { size: formatMegabytes(maxSize, i18n.language) });
  const previewUrl = usePreviewUrl(file);
  const src = typeof value === 'string' && value ? mediaUrl(value, 320) : previewUrl;
  const hasImage = Boolean(value);
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2" component="div" sx={{ mb: 0.75 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'stretch' }}>
        {hasImage && (
          <Box
            sx={{
              position: 'relative',
              width: 112,
              height: 112,
              flexShrink: 0,
              borderRadius: 2.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
              overflow: 'hidden',
            }}
          >
            {src && (
              <Box
                component="img"
                src={src}
                alt={file ? t('admin.image.chosen') : t('admin.image.current')}
                sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
              />
            )}
            <IconButton
              size="small"
              aria-label={`${t('admin.image.remove')}: ${label}`}
              title={t('admin.image.remove')}
              onClick={() => onChange(null)}
              sx={{
                position: 'absolute',
                top: 4,
                insetInlineEnd: 4,
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <Close sx={{ fontSize: 16 }} />
            </IconButton>
          </Box>
        )}
        <DropArea
          inputLabel={label}
          accept={IMAGE_ACCEPT}
          prompt={hasImage ? t('admin.image.replace') : t('admin.image.drop')}
          activePrompt={t('admin.image.dropActive')}
          hint={file ? t('admin.image.chosen') : formats}
          onFile={onChange}
          error={error}
          compact={hasImage}
          maxSize={maxSize}
        />
      </Stack>
    </Box>
  );
}
