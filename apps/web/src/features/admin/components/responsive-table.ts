import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '@/components/ui/visually-hidden';

/**
 * Below 600 px a table row becomes a small card: the first cell (the name) takes the whole width
 * and the other cells sit on one line under it, laid out by `columns`. The header row stays in
 * the accessibility tree but is hidden from view. Rows and cells carry explicit ARIA roles (see
 * `tableRoles`) so the table keeps its semantics whatever CSS display they get.
 */
export function responsiveTableSx(columns: string): SxProps<Theme> {
  return (theme) => ({
    '& td, & th': { px: { xs: 1, sm: 2 } },
    [theme.breakpoints.down('sm')]: {
      display: 'block',
      '& thead': visuallyHidden,
      '& tbody': { display: 'block' },
      '& tbody tr': {
        display: 'grid',
        gridTemplateColumns: columns,
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        px: 1.5,
        py: 1.5,
        borderBottom: `1px solid ${theme.palette.divider}`,
      },
      '& tbody tr:last-of-type': { borderBottom: 0 },
      '& tbody td': { display: 'block', border: 0, p: 0 },
      '& tbody td:first-of-type': { gridColumn: '1 / -1' },
      '& tbody td[colspan]': { gridColumn: '1 / -1' },
    },
  });
}

/** Explicit roles, so the rows read as a table even when CSS displays them as grids. */
export const tableRoles = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  cell: { role: 'cell' },
  header: { role: 'columnheader' },
} as const;
