import { useId, useLayoutEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import css from './search-input.module.css';

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
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the field of a page the server rendered, before the app hydrated it: React leaves
  // it in the field, and it becomes the value here (src/boot/README.md). Once, as the field mounts.
  useLayoutEffect(() => {
    if (input.current && input.current.value !== value) onChange(input.current.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div role="search">
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <div className={css.box}>
        <SearchIcon className={css.icon} aria-hidden="true" />
        <input
          ref={input}
          id={id}
          className={css.input}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
        <IconButton aria-label={resetLabel} onClick={() => onChange('')} disabled={!value}>
          <ClearIcon />
        </IconButton>
      </div>
    </div>
  );
}
