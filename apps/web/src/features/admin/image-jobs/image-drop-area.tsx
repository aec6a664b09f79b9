import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { configQuery } from '../../../lib/config-api';
import { formatMegabytes } from '../../../lib/file-size';
import { useTranslation } from '../../../lib/i18n';

// A Latin file name inside an Arabic sentence keeps its own reading order.
const isolated = (name: string) => `\u2068${name}\u2069`;

const isArchive = (file: File) => /\.zip$/i.test(file.name) || file.type.includes('zip');

/**
 * Several files or a folder: ZIP archives and images. The server judges each file by its content; an
 * image larger than it takes (GET /api/config) is left out here, named with the limit, before any
 * byte is sent. An archive's images are judged by the server, which sees what the archive holds.
 */
export function ImageDropArea({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t, i18n } = useTranslation();
  const limit = useQuery({ ...configQuery, meta: { handlesErrors: true } }).data?.limits?.imageBytes;
  const [refused, setRefused] = useState<string[]>([]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    onDrop: (accepted) => {
      const tooLarge = new Set(
        limit === undefined ? [] : accepted.filter((file) => !isArchive(file) && file.size > limit),
      );
      setRefused([...tooLarge].map((file) => file.name));
      const kept = accepted.filter((file) => !tooLarge.has(file));
      if (kept.length > 0) onFiles(kept);
    },
  });
  return (
    <>
      <Box
        {...getRootProps()}
        sx={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          minHeight: 150,
          p: 2,
          textAlign: 'center',
          borderRadius: 2.5,
          border: '1.5px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? alpha(theme.palette.primary.main, 0.1) : 'action.hover',
          color: 'text.secondary',
          cursor: 'pointer',
          '&:hover': { borderColor: 'primary.main' },
        })}
      >
        <input {...getInputProps()} aria-label={t('images.drop')} />
        <PhotoLibraryOutlined fontSize="large" />
        <Typography>{isDragActive ? t('images.dropActive') : t('images.drop')}</Typography>
        {limit !== undefined && (
          <Typography variant="body2">
            {t('images.upTo', { limit: formatMegabytes(limit, i18n.language) })}
          </Typography>
        )}
      </Box>
      {refused.length > 0 && limit !== undefined && (
        <Alert severity="error">
          {t('images.tooLarge', {
            limit: formatMegabytes(limit, i18n.language),
            names: refused.map(isolated).join(', '),
          })}
        </Alert>
      )}
    </>
  );
}
