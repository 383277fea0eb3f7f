import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { tableRoles } from './responsive-table';

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
