import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE, TEXT } from '@sendero/contract';

export interface ListPaginationProps {
  /** What the list holds, in plural ("usuarios", "destinos"). */
  noun: string;
  total: number;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
}

function itemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return selected ? TEXT.admin.pageCurrent(page) : TEXT.admin.pageGo(page);
  if (type === 'next') return TEXT.admin.pageNext;
  if (type === 'previous') return TEXT.admin.pagePrevious;
  if (type === 'first') return TEXT.admin.pageFirst;
  if (type === 'last') return TEXT.admin.pageLast;
  return '';
}

/** "Mostrando 21–40 de 45 usuarios" and, past one page, the page buttons. */
export function ListPagination({ noun, total, page, pageCount, onPageChange, label }: ListPaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const to = Math.min(total, page * ADMIN_PAGE_SIZE);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {total === 0 ? `0 ${noun}` : TEXT.admin.showing(from, to, total, noun)}
      </Typography>
      {pageCount > 1 && (
        <Pagination
          aria-label={label}
          count={pageCount}
          page={page}
          onChange={(_e, value) => onPageChange(value)}
          color="primary"
          siblingCount={0}
          getItemAriaLabel={itemLabel}
        />
      )}
    </Stack>
  );
}
