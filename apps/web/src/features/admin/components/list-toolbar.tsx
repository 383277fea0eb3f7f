import { useId, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

export interface FilterOption<F extends string> {
  value: F | '';
  label: string;
}

interface ListToolbarProps<F extends string> {
  filterLabel: string;
  filter: F | '';
  options: readonly FilterOption<F>[];
  onFilterChange: (value: F | '') => void;
  searchLabel: string;
  /** The search text as the URL had it when the list opened. */
  initialSearch: string;
  onSearchChange: (value: string) => void;
}

/**
 * The filter and the search of an admin list. The search keeps its own state while typing (the URL
 * follows it), so a slow URL update never moves the caret.
 */
export function ListToolbar<F extends string>({
  filterLabel,
  filter,
  options,
  onFilterChange,
  searchLabel,
  initialSearch,
  onSearchChange,
}: ListToolbarProps<F>) {
  const [text, setText] = useState(initialSearch);
  const filterId = useId();
  const searchId = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        id={filterId}
        select
        label={filterLabel}
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
