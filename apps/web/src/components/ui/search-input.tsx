import { useId } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

interface SearchInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Accessible name of the X button that empties the field. */
  resetLabel: string;
}

/**
 * A light search field (a native input with a visible label and an X reset) for the landing page,
 * where MUI's TextField would add ~25 KB gzip to the first download.
 */
export function SearchInput({ label, value, onChange, placeholder, resetLabel }: SearchInputProps) {
  const id = useId();
  return (
    <Box role="search">
      <Box component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 500, mb: 0.75, color: 'text.primary' }}>
        {label}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          bgcolor: 'background.paper',
          border: '1px solid',
          borderColor: 'grey.500',
          borderRadius: 2,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        }}
      >
        <SearchIcon sx={{ color: 'text.secondary' }} aria-hidden="true" />
        <Box
          component="input"
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          sx={{
            flex: 1,
            minWidth: 0,
            border: 0,
            outline: 0,
            py: 1.75,
            font: 'inherit',
            fontSize: '1rem',
            bgcolor: 'transparent',
            color: 'text.primary',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
            '&::-webkit-search-cancel-button': { display: 'none' },
          }}
        />
        <IconButton aria-label={resetLabel} onClick={() => onChange('')} disabled={!value}>
          <ClearIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
