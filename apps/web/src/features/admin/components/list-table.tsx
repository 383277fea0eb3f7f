import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Placeholder rows while a list loads (DESIGN.md §8: loading lists show skeletons). */
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
