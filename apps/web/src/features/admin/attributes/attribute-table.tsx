import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import type { Attribute } from '@dalil/contracts/attributes';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { ListKitRowMenu } from '../../../components/list-kit-row-menu';
import { useTranslation } from '../../../lib/i18n';
import { adminPaths } from '../resource-kit/admin-paths';

interface AttributeTableProps {
  rows: Attribute[];
  /** Moves the attribute at `from` to `to`; left out while a move is being saved. */
  onMove: ((from: number, to: number) => void) | undefined;
  onDelete: (id: number) => void;
}

const headSx = { fontWeight: 700, color: 'text.secondary', bgcolor: 'action.hover', whiteSpace: 'nowrap' };

/**
 * A family's attributes in their order. A row is dragged by its handle to a new place (HTML drag and
 * drop); the Up and Down buttons do the same one step at a time from the keyboard.
 */
export function AttributeTable({ rows, onMove, onDelete }: AttributeTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <TableContainer>
      <Table size="medium">
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...headSx, width: 56 }}>{t('attributes.list.order')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.name')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.key')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.type')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.group')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.required')}</TableCell>
            <TableCell sx={headSx}>{t('attributes.list.visible')}</TableCell>
            <TableCell align="right" sx={{ ...headSx, width: 152 }}>
              {t('admin.list.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const name = row.name[language];
            return (
              <TableRow
                key={row.id}
                hover
                data-testid="attribute-row"
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  setOver(index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null && dragged !== index) onMove?.(dragged, index);
                  endDrag();
                }}
                sx={{
                  opacity: dragged === index ? 0.5 : 1,
                  // The place the dragged row would land: a line in the theme's primary colour.
                  boxShadow:
                    over === index && dragged !== null && dragged !== index
                      ? (theme) => `inset 0 ${dragged < index ? -2 : 2}px 0 ${theme.palette.primary.main}`
                      : undefined,
                }}
              >
                <TableCell sx={{ py: 0.5 }}>
                  <Box
                    draggable={Boolean(onMove)}
                    role="img"
                    aria-label={t('attributes.list.drag', { name })}
                    onDragStart={(event) => {
                      event.dataTransfer?.setData('text/plain', String(row.id));
                      setDragged(index);
                    }}
                    onDragEnd={endDrag}
                    sx={{
                      display: 'inline-flex',
                      color: 'text.secondary',
                      cursor: onMove ? 'grab' : 'default',
                    }}
                  >
                    <DragIndicator fontSize="small" />
                  </Box>
                </TableCell>
                <TableCell>{name}</TableCell>
                <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {row.key}
                </TableCell>
                <TableCell>
                  {t(`attributes.types.${row.type}`)}
                  {row.unit && ` (${t(`attributes.units.${row.unit}`)})`}
                </TableCell>
                <TableCell>{row.group?.[language] ?? ''}</TableCell>
                <TableCell>{t(`attributes.required.${row.required}`)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={row.visible ? 'success' : 'default'}
                    label={t(row.visible ? 'attributes.list.shown' : 'attributes.list.hidden')}
                  />
                </TableCell>
                <TableCell align="right" sx={{ py: 0.5, whiteSpace: 'nowrap' }}>
                  <IconButton
                    size="small"
                    aria-label={t('attributes.list.moveUp', { name })}
                    disabled={!onMove || index === 0}
                    onClick={() => onMove?.(index, index - 1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('attributes.list.moveDown', { name })}
                    disabled={!onMove || index === rows.length - 1}
                    onClick={() => onMove?.(index, index + 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <ListKitRowMenu
                    label={name}
                    editTo={adminPaths.attributes.edit(row.id)}
                    onDelete={() => onDelete(row.id)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
