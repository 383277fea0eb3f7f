import { useId, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { TEXT } from '@sendero/contract';
import type { ListParams } from '../hooks/use-list-params';

export interface FilterOption<F extends string> {
  value: F | '';
  label: string;
}

interface ListToolbarProps<F extends string> {
  /** The list's filter and search as the URL has them (useListParams). */
  params: Pick<ListParams<F>, 'filter' | 'search' | 'setFilter' | 'setSearch'>;
  options: readonly FilterOption<F>[];
  searchLabel: string;
}

/**
 * The filter and the search of an admin list. The search keeps its own state while typing (the URL
 * follows it), so a slow URL update never moves the caret.
 */
export function ListToolbar<F extends string>({ params, options, searchLabel }: ListToolbarProps<F>) {
  const { filter, setFilter: onFilterChange, setSearch: onSearchChange } = params;
  // The search text as the URL had it when the list opened.
  const [text, setText] = useState(params.search);
  const filterId = useId();
  const searchId = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        id={filterId}
        select
        label={TEXT.admin.filterByStatus}
        value={filter}
        onChange={(e) => onFilterChange(e.target.value as F | '')}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { sm: 200 } }}
      >
        {options.map((o) => (
          <option key={o.value || 'all'} value={o.value}>
            {o.label}
          </option>
        ))}
      </TextField>
      <TextField
        id={searchId}
        label={searchLabel}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onSearchChange(e.target.value);
        }}
        size="small"
        autoComplete="off"
        sx={{ flex: 1, maxWidth: { sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Stack>
  );
}
