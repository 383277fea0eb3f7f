import { memo, type ReactNode } from 'react';
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
  /** False when a surrounding element is the search landmark already (the search screen's). */
  landmark?: boolean;
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

const DIFFICULTY_SLOT_PROPS = { select: { native: true }, inputLabel: { shrink: true } } as const;
const FILTERS_SX = { display: 'flex', flexWrap: 'wrap', gap: 2 } as const;

interface FieldProps {
  field: FilterName;
  value: string;
  onChange: (next: Partial<FilterValues>) => void;
}

/** The ids of the typed filters' inputs (the search screen reads what was typed before the app hydrated it). */
export const TEXT_FIELD_IDS = { name: 'filter-name', city: 'filter-city' } as const;

const TEXT_FIELDS = {
  name: { id: TEXT_FIELD_IDS.name, label: TEXT.search.name, placeholder: TEXT.search.namePlaceholder, reset: TEXT.search.nameReset },
  city: { id: TEXT_FIELD_IDS.city, label: TEXT.search.city, placeholder: TEXT.search.city, reset: TEXT.search.cityReset },
} as const;

/**
 * One typed filter. Memoized on its own value (and a stable onChange): a keystroke in one field
 * re-renders that field only, not its neighbours (docs/product.md#catalogue: every keystroke stays
 * cheap on a phone).
 */
const FilterText = memo(function FilterText({ field, value, onChange }: FieldProps & { field: 'name' | 'city' }) {
  const t = TEXT_FIELDS[field];
  return (
    <WithReset label={t.reset} disabled={!value} onReset={() => onChange({ [field]: '' })}>
      <TextField id={t.id} label={t.label} placeholder={t.placeholder} value={value} onChange={(e) => onChange({ [field]: e.target.value })} autoComplete="off" fullWidth />
    </WithReset>
  );
});

const FilterDifficulty = memo(function FilterDifficulty({ value, onChange }: Omit<FieldProps, 'field'>) {
  return (
    <WithReset label={TEXT.search.difficultyReset} disabled={!value} onReset={() => onChange({ difficulty: '' })}>
      <TextField
        id="filter-difficulty"
        select
        label={TEXT.search.difficulty}
        value={value}
        onChange={(e) => onChange({ difficulty: e.target.value })}
        slotProps={DIFFICULTY_SLOT_PROPS}
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
  );
});

/** docs/product.md#search: name, city and difficulty filters, each with an X that resets it. */
export function SearchFilters({ value, onChange, fields = ['name', 'city', 'difficulty'], landmark = true }: SearchFiltersProps) {
  return (
    <Box role={landmark ? 'search' : undefined} aria-label={landmark ? TEXT.search.filters : undefined} sx={FILTERS_SX}>
      {fields.includes('name') && <FilterText field="name" value={value.name} onChange={onChange} />}
      {fields.includes('city') && <FilterText field="city" value={value.city} onChange={onChange} />}
      {fields.includes('difficulty') && <FilterDifficulty value={value.difficulty} onChange={onChange} />}
    </Box>
  );
}
