import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import { SEARCH_DIFFICULTY_EMPTY_LABEL, SEARCH_DIFFICULTY_OPTIONS, TEXT } from '@sendero/contract';

export interface FilterValues {
  name: string;
  city: string;
  difficulty: string;
}
export type FilterName = keyof FilterValues;

interface SearchFiltersProps {
  value: FilterValues;
  onChange: (next: Partial<FilterValues>) => void;
  /** Which filters to show (the landing shows only the name). */
  fields?: readonly FilterName[];
}

export function WithReset({ children, label, disabled, onReset }: { children: ReactNode; label: string; disabled: boolean; onReset: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: '1 1 220px', minWidth: 0 }}>
      {children}
      <IconButton aria-label={label} onClick={onReset} disabled={disabled} sx={{ mt: 1 }}>
        <ClearIcon />
      </IconButton>
    </Box>
  );
}

/** docs/product.md#search: name, city and difficulty filters, each with an X that resets it. */
export function SearchFilters({ value, onChange, fields = ['name', 'city', 'difficulty'] }: SearchFiltersProps) {
  return (
    <Box role="search" aria-label={TEXT.search.filters} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {fields.includes('name') && (
        <WithReset label={TEXT.search.nameReset} disabled={!value.name} onReset={() => onChange({ name: '' })}>
          <TextField
            id="filter-name"
            label={TEXT.search.name}
            placeholder={TEXT.search.namePlaceholder}
            value={value.name}
            onChange={(e) => onChange({ name: e.target.value })}
            autoComplete="off"
            fullWidth
          />
        </WithReset>
      )}
      {fields.includes('city') && (
        <WithReset label={TEXT.search.cityReset} disabled={!value.city} onReset={() => onChange({ city: '' })}>
          <TextField
            id="filter-city"
            label={TEXT.search.city}
            placeholder={TEXT.search.city}
            value={value.city}
            onChange={(e) => onChange({ city: e.target.value })}
            autoComplete="off"
            fullWidth
          />
        </WithReset>
      )}
      {fields.includes('difficulty') && (
        <WithReset label={TEXT.search.difficultyReset} disabled={!value.difficulty} onReset={() => onChange({ difficulty: '' })}>
          <TextField
            id="filter-difficulty"
            select
            label={TEXT.search.difficulty}
            value={value.difficulty}
            onChange={(e) => onChange({ difficulty: e.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{SEARCH_DIFFICULTY_EMPTY_LABEL}</option>
            {SEARCH_DIFFICULTY_OPTIONS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </TextField>
        </WithReset>
      )}
    </Box>
  );
}
