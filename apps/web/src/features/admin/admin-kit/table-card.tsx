import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface TableCardProps {
  /** Above the table: what the screen is for and its New button, or a way back and a title. */
  head: ReactNode;
  /** The table's name for assistive technology. */
  label: string;
  columns: readonly string[];
  /** Whether the rows end with a cell of actions, under a header without a title. */
  actions?: boolean;
  /** The only row while there is nothing to list (null while the list is not read yet). */
  empty: ReactNode;
  /** Pages of `pageSize` rows, when the server pages the list. */
  paging?: { count: number; page: number; pageSize: number; onPage: (page: number) => void };
  children: ReactNode;
}

/**
 * A card with a small table of records (a webhook's deliveries): its head, the column
 * titles, the rows or a sentence when there are none, and pages when there are more than one. On a
 * phone the table scrolls sideways inside the card, not the page.
 */
export function TableCard({ head, label, columns, actions, empty, paging, children }: TableCardProps) {
  return (
    <Paper sx={{ p: 2 }}>
      {head}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
              {actions && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {empty && (
              <TableRow>
                <TableCell colSpan={columns.length + (actions ? 1 : 0)}>{empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {paging && paging.count > paging.pageSize && (
        <TablePagination
          component="div"
          count={paging.count}
          page={paging.page}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[paging.pageSize]}
          onPageChange={(_event, next) => paging.onPage(next)}
        />
      )}
    </Paper>
  );
}
