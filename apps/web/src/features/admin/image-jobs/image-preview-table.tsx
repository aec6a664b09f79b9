import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  IMAGE_FILE_STATUSES,
  type ImageCounts,
  type ImageFileReport,
  type ImageFileStatus,
} from '@dalil/contracts/image-upload';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { mediaUrl } from '../../../lib/media';

const COLORS: Record<ImageFileStatus, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  new: 'success',
  replace: 'info',
  unchanged: 'default',
  unmatched: 'warning',
  ambiguous: 'warning',
  invalid: 'error',
};
const SHOWN = 500;

function Thumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  return (
    <Box
      sx={{
        width: 56,
        height: 56,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflow: 'hidden',
        flexShrink: 0,
      }}
    >
      {src && <img src={src} alt={alt} width={56} height={56} style={{ objectFit: 'contain' }} />}
    </Box>
  );
}

/** Counts on top (each a filter), then one row per file: product, current and new image, field, status. */
export function ImagePreviewTable({ counts, files }: { counts: ImageCounts; files: ImageFileReport[] }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<ImageFileStatus | null>(null);
  const shown = files.filter((f) => !filter || f.status === filter);
  const ar = i18n.language === 'ar';
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={t('images.status')}>
        <Chip
          label={`${t('images.all')} ${files.length}`}
          onClick={() => setFilter(null)}
          color={filter ? 'default' : 'primary'}
        />
        {IMAGE_FILE_STATUSES.map((s) => (
          <Chip
            key={s}
            label={`${t(`images.statuses.${s}`)} ${counts[s]}`}
            color={filter === s ? 'primary' : COLORS[s]}
            variant={filter === s ? 'filled' : 'outlined'}
            onClick={() => setFilter(filter === s ? null : s)}
            aria-pressed={filter === s}
          />
        ))}
      </Stack>
      <TableContainer sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('images.file')}</TableCell>
              <TableCell>{t('images.product')}</TableCell>
              <TableCell>{t('images.current')}</TableCell>
              <TableCell>{t('images.new')}</TableCell>
              <TableCell>{t('images.slot')}</TableCell>
              <TableCell>{t('images.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.slice(0, SHOWN).map((f, i) => (
              <TableRow key={`${f.name}-${i}`}>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 220 }} dir="ltr">
                  {f.name}
                </TableCell>
                <TableCell>
                  {f.product && (
                    <>
                      <Typography variant="body2">{ar ? f.product.nameAr : f.product.nameEn}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {ar ? f.product.nameEn : f.product.nameAr}
                      </Typography>
                    </>
                  )}
                </TableCell>
                <TableCell>
                  <Thumb
                    src={f.product?.current ? mediaUrl(f.product.current, 160) : null}
                    alt={t('images.current')}
                  />
                </TableCell>
                <TableCell>
                  <Thumb
                    src={f.thumbnail ?? (f.stored ? mediaUrl(f.stored, 160) : null)}
                    alt={t('images.new')}
                  />
                </TableCell>
                <TableCell>{f.slot ? t(`images.slots.${f.slot}`) : ''}</TableCell>
                <TableCell>
                  <Chip size="small" color={COLORS[f.status]} label={t(`images.statuses.${f.status}`)} />
                  {f.reason && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                      {f.reason}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('images.noFiles')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
