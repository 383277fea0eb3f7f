import { memo, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import MapOutlined from '@mui/icons-material/MapOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import {
  DEFAULT_SORT,
  DURATION_BAND_INFO,
  DURATION_BANDS,
  DURATION_EMPTY_LABEL,
  DURATION_LABEL,
  FREE_ENTRY_LABEL,
  MONTH_NAMES,
  NO_AGENCY_LABEL,
  OPEN_IN_EMPTY_LABEL,
  OPEN_IN_LABEL,
  OPEN_IN_NOW_LABEL,
  SEARCH_VIEW_LABELS,
  SORT_LABEL,
  SORT_ORDER_LABELS,
  SORT_ORDERS,
  TEXT,
  TRAVEL_HOURS_EMPTY_LABEL,
  TRAVEL_HOURS_LABEL,
  TRAVEL_HOURS_OPTIONS,
  travelHoursLabel,
  type DurationBand,
  type SearchState,
  type SearchView,
  type SortOrder,
} from '@sendero/contract';
import { WithReset } from './search-filters';

type PlanningValues = Pick<SearchState, 'hours' | 'duration' | 'openIn' | 'free' | 'noAgency' | 'sort' | 'view'>;

interface PlanningFiltersProps {
  value: PlanningValues;
  onChange: (next: Partial<PlanningValues>) => void;
  /** A hover or focus on 'Mapa': start fetching the map's code. */
  onMapIntent?: () => void;
  /** The three selects, the 'Lista' / 'Mapa' switch, or both (the search screen folds the selects on a phone). */
  part?: 'all' | 'filters' | 'view';
}

function Select({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      {children}
    </TextField>
  );
}

/**
 * docs/product.md#planning: 'Horas de viaje', 'Duración de la caminata' and 'Ordenar por', each with an X
 * that resets it, and the 'Lista' / 'Mapa' switch. Native selects: the phone's own picker, keyboard
 * and screen readers for free. Memoized: typing in the text filters (a stable onChange and the same
 * `value` object) does not re-render it.
 */
export const PlanningFilters = memo(function PlanningFilters({ value, onChange, onMapIntent, part = 'all' }: PlanningFiltersProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      {part !== 'view' && <Selects value={value} onChange={onChange} />}
      {part !== 'filters' && (
        // A boundary of its own: on a screen the server rendered, React hydrates it in a later pass with
        // its own commit (selective hydration). The group's buttons register with it as they attach, a
        // state change React renders at once: inside the whole screen's commit, that render and every
        // effect before it ran in one long task (src/boot/README.md).
        <Suspense>
          <ToggleButtonGroup
            exclusive
            value={value.view}
            onChange={(_e, view: SearchView | null) => view && onChange({ view })}
            aria-label={TEXT.search.view}
            color="primary"
            sx={{ mt: 0.5, flex: '0 0 auto' }}
          >
            <ToggleButton value="list" sx={{ gap: 1, px: 2 }}>
              <ViewCarouselOutlined fontSize="small" aria-hidden />
              {SEARCH_VIEW_LABELS.list}
            </ToggleButton>
            <ToggleButton value="map" sx={{ gap: 1, px: 2 }} onMouseEnter={onMapIntent} onFocus={onMapIntent}>
              <MapOutlined fontSize="small" aria-hidden />
              {SEARCH_VIEW_LABELS.map}
            </ToggleButton>
          </ToggleButtonGroup>
        </Suspense>
      )}
    </Box>
  );
});

function Selects({ value, onChange }: Pick<PlanningFiltersProps, 'value' | 'onChange'>) {
  return (
    <>
      <WithReset label={TEXT.search.hoursReset} disabled={value.hours === null} onReset={() => onChange({ hours: null })}>
        <Select id="filter-hours" label={TRAVEL_HOURS_LABEL} value={value.hours === null ? '' : String(value.hours)} onChange={(v) => onChange({ hours: v === '' ? null : Number(v) })}>
          <option value="">{TRAVEL_HOURS_EMPTY_LABEL}</option>
          {TRAVEL_HOURS_OPTIONS.map((h) => (
            <option key={h} value={h}>
              {travelHoursLabel(h)}
            </option>
          ))}
        </Select>
      </WithReset>
      <WithReset label={TEXT.search.durationReset} disabled={value.duration === null} onReset={() => onChange({ duration: null })}>
        <Select id="filter-duration" label={DURATION_LABEL} value={value.duration ?? ''} onChange={(v) => onChange({ duration: v === '' ? null : (v as DurationBand) })}>
          <option value="">{DURATION_EMPTY_LABEL}</option>
          {DURATION_BANDS.map((band) => (
            <option key={band} value={band}>
              {DURATION_BAND_INFO[band].label}
            </option>
          ))}
        </Select>
      </WithReset>
      <WithReset label={TEXT.search.openInReset} disabled={value.openIn === null} onReset={() => onChange({ openIn: null })}>
        <Select
          id="filter-open"
          label={OPEN_IN_LABEL}
          value={value.openIn === null ? '' : String(value.openIn)}
          onChange={(v) => onChange({ openIn: v === '' ? null : v === 'now' ? 'now' : Number(v) })}
        >
          <option value="">{OPEN_IN_EMPTY_LABEL}</option>
          <option value="now">{OPEN_IN_NOW_LABEL}</option>
          {MONTH_NAMES.map((m, i) => (
            <option key={m} value={i + 1}>
              {m}
            </option>
          ))}
        </Select>
      </WithReset>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 56 }}>
        <FormControlLabel control={<Switch checked={value.free} onChange={(e) => onChange({ free: e.target.checked })} />} label={FREE_ENTRY_LABEL} />
        <FormControlLabel control={<Switch checked={value.noAgency} onChange={(e) => onChange({ noAgency: e.target.checked })} />} label={NO_AGENCY_LABEL} />
      </Box>
      <WithReset label={TEXT.search.sortReset} disabled={value.sort === DEFAULT_SORT} onReset={() => onChange({ sort: DEFAULT_SORT })}>
        <Select id="filter-sort" label={SORT_LABEL} value={value.sort} onChange={(v) => onChange({ sort: v as SortOrder })}>
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {SORT_ORDER_LABELS[order]}
            </option>
          ))}
        </Select>
      </WithReset>
    </>
  );
}
