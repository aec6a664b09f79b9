import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from '../../../lib/i18n';

/** Several files or a folder: ZIP archives and images. The server judges each file by its content. */
export function ImageDropArea({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    onDrop: (accepted) => {
      if (accepted.length > 0) onFiles(accepted);
    },
  });
  return (
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
    </Box>
  );
}
