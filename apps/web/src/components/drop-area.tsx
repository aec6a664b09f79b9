import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { formatMegabytes } from '../lib/file-size';
import { useTranslation } from '../lib/i18n';

export interface DropAreaProps {
  /** Names the hidden file input for assistive technology and tests. */
  inputLabel: string;
  accept: Accept;
  prompt: string;
  activePrompt: string;
  hint?: string;
  onFile: (file: File) => void;
  /** A problem reported by the form (required, server), shown under the area. */
  error?: string;
  compact?: boolean;
  /** The largest file the server takes, in bytes: a larger one is refused before it is sent. */
  maxSize?: number;
}

/**
 * A drop area for one file (images in the forms, CSV in the uploads), with an active state while a
 * file is dragged over, and the generic dropzone messages ('File type must be …', 'The file is
 * larger than the server takes (10 MB)', …).
 */
export function DropArea(props: DropAreaProps) {
  const { accept, onFile, error, compact, maxSize } = props;
  const { t, i18n } = useTranslation();
  const [rejection, setRejection] = useState<string | null>(null);
  const types = Object.keys(accept).join(', ');
  const describe = (rejected: FileRejection[]) => {
    const code = rejected[0]?.errors[0]?.code;
    if (rejected.length > 1 || code === 'too-many-files') return t('admin.image.tooMany');
    if (code === 'file-invalid-type') return t('admin.image.fileType', { types });
    if (code === 'file-too-large')
      return t('admin.image.tooLarge', { size: formatMegabytes(maxSize ?? 0, i18n.language) });
    if (code === 'file-too-small') return t('admin.image.tooSmall', { size: 0 });
    return rejected[0]?.errors[0]?.message ?? null;
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxFiles: 1,
    multiple: false,
    maxSize,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) return setRejection(describe(rejected));
      setRejection(null);
      if (accepted[0]) onFile(accepted[0]);
    },
  });
  const problem = rejection ?? error;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Box
        {...getRootProps()}
        data-active={isDragActive || undefined}
        sx={(theme) => ({
          display: 'flex',
          flexDirection: compact ? 'row' : 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: compact ? 1.5 : 0.75,
          textAlign: compact ? 'start' : 'center',
          minHeight: compact ? 96 : 132,
          height: '100%',
          px: 2,
          py: 2,
          borderRadius: 2.5,
          border: '1.5px dashed',
          borderColor: problem ? 'error.main' : isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? alpha(theme.palette.primary.main, 0.1) : 'action.hover',
          color: 'text.secondary',
          cursor: 'pointer',
          transition: theme.transitions.create(['border-color', 'background-color']),
          '&:hover': { borderColor: 'primary.main' },
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        })}
      >
        <input {...getInputProps({ 'aria-label': props.inputLabel })} />
        <CloudUploadOutlined
          color={isDragActive ? 'primary' : 'inherit'}
          sx={{ fontSize: compact ? 28 : 34 }}
        />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 500, color: 'text.primary' }}>
            {isDragActive ? props.activePrompt : props.prompt}
          </Typography>
          {props.hint && (
            <Typography variant="caption" component="p">
              {props.hint}
            </Typography>
          )}
        </Box>
      </Box>
      {problem && <FormHelperText error>{problem}</FormHelperText>}
    </Box>
  );
}
