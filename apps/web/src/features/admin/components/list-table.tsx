import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';
import { ListPagination, type ListPaginationProps } from './list-pagination';
import { responsiveTableSx, tableRoles } from './responsive-table';

/** Placeholder rows while a list loads (docs/product.md#web-rules: loading lists show skeletons). */
export function TableSkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <TableRow key={r} role="row" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <TableCell key={c} role="cell">
              <Skeleton variant="text" sx={{ width: c === 0 ? '80%' : '60%' }} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

interface ListTableBodyProps {
  columns: number;
  isPending: boolean;
  /** Shown in one full-width row when there is nothing to list. */
  emptyText: string | null;
  children: ReactNode;
}

/** The body of an admin list: skeleton rows while loading, the empty sentence, or the rows. */
export function ListTableBody({ columns, isPending, emptyText, children }: ListTableBodyProps) {
  return (
    <TableBody {...tableRoles.rowgroup}>
      {isPending ? (
        <TableSkeletonRows columns={columns} />
      ) : emptyText !== null ? (
        <TableRow {...tableRoles.row}>
          <TableCell {...tableRoles.cell} colSpan={columns}>
            <Typography sx={{ py: 2, textAlign: 'center' }} color="text.secondary">
              {emptyText}
            </Typography>
          </TableCell>
        </TableRow>
      ) : (
        children
      )}
    </TableBody>
  );
}

/** A first cell with the row's name and a secondary line (city, email). */
export function TwoLineCell({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <TableCell {...tableRoles.cell} sx={{ overflowWrap: 'anywhere' }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {primary}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {secondary}
      </Typography>
    </TableCell>
  );
}

interface ListTableProps {
  /** The id of the screen's heading, which names the table. */
  titleId: string;
  isPending: boolean;
  /** The header cells, left to right; the last one (the row's actions) is right-aligned. */
  columns: readonly string[];
  /** The grid template of the phone layout (responsiveTableSx). */
  grid: string;
  /** Shown in one full-width row when there is nothing to list. */
  emptyText: string | null;
  /** A thin progress bar above the table while another filter's rows load; omitted, no bar is reserved. */
  refreshing?: boolean;
  /** The count line and the page buttons under the table, once loaded. */
  pagination: ListPaginationProps;
  children: ReactNode;
}

/** An admin list (docs/product.md#admin-users, #admin-destinations): the table, its rows and its pages. */
export function ListTable({ titleId, isPending, columns, grid, emptyText, refreshing, pagination, children }: ListTableProps) {
  return (
    <>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        {refreshing !== undefined && <Box sx={{ height: 4 }}>{refreshing && <LinearProgress aria-label={TEXT.admin.refreshing} />}</Box>}
        <TableContainer>
          <Table aria-labelledby={titleId} aria-busy={isPending} size="small" sx={responsiveTableSx(grid)} {...tableRoles.table}>
            <TableHead {...tableRoles.rowgroup}>
              <TableRow {...tableRoles.row}>
                {columns.map((label, i) => (
                  <TableCell key={label} align={i === columns.length - 1 ? 'right' : undefined} {...tableRoles.header}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <ListTableBody columns={columns.length} isPending={isPending} emptyText={emptyText}>
              {children}
            </ListTableBody>
          </Table>
        </TableContainer>
      </Paper>
      {!isPending && <ListPagination {...pagination} />}
    </>
  );
}
