import { useMemo, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import { TRACK_TEXT, trackKmNumber, trackMetresText } from '@sendero/contract';
import { elevationDomain, profilePointText, profileStep } from './track-format';

export interface ElevationProfileProps {
  /** [distance_m, ele_m] along the whole track (GET /api/place/{id}/track), at most 500. */
  profile: readonly (readonly [number, number])[];
  /** The point shown (on the chart and, by the parent, on the map); null: none. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

const AXIS_ID = 'distance';
// The chart's fixed settings, the same objects on every render.
const NO_TOOLTIP = { tooltip: { trigger: 'none' as const } };
const AXIS_HIGHLIGHT = { x: 'line' as const };
const GRID = { horizontal: true };
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
const CHART_SX = { [`& .${lineClasses.area}`]: { fillOpacity: 0.18 } };
// One formatter for every tick ('4,600'): toLocaleString builds a new one per call.
const METRES = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 0 });

/**
 * 'Perfil de elevación' (docs/product.md#tracks): altitude in m over distance in km, the vertical
 * axis fitted to the track's own lowest and highest points. Hovering or touching the chart, or the
 * arrow keys on it (a slider: Home/End, PageUp/PageDown), choose a point that the parent shows on the map.
 */
export function ElevationProfile({ profile, index, onIndexChange }: ElevationProfileProps) {
  const { km, ele, domain, totalKm } = useMemo(
    () => ({
      km: profile.map(([d]) => d / 1000),
      ele: profile.map(([, e]) => e),
      domain: elevationDomain(profile),
      totalKm: (profile.at(-1)?.[0] ?? 0) / 1000,
    }),
    [profile],
  );
  // Stable across the renders a moving pointer causes, so the chart does not recompute its scales.
  const xAxis = useMemo(
    () => [
      {
        id: AXIS_ID,
        data: km,
        scaleType: 'linear' as const,
        min: 0,
        max: totalKm,
        label: TRACK_TEXT.profileDistanceAxis,
        // Ticks at whole kilometres read '0', '2', '4'; others (a short track's 0.5 km steps) keep their decimal.
        valueFormatter: (v: number) => (Number.isInteger(v) ? trackKmNumber(v * 1000).replace(/\.0$/, '') : trackKmNumber(v * 1000)),
      },
    ],
    [km, totalKm],
  );
  const yAxis = useMemo(
    () => [
      {
        min: domain.min,
        max: domain.max,
        domainLimit: 'strict' as const,
        label: TRACK_TEXT.profileEleAxis,
        // As wide as the longest label ('4,600' beside 'Altitud (m)'): the chart measures the labels of the
        // axis's two ends (a fixed 56 px showed '4,6…' for a lake at 4,600 m).
        width: 'auto' as const,
        valueFormatter: (v: number) => METRES.format(Math.round(v)),
      },
    ],
    [domain],
  );
  const series = useMemo(
    () => [{ data: ele, area: true, showMark: false, baseline: 'min' as const, color: '#9f2dc7', curve: 'linear' as const, valueFormatter: (v: number | null) => (v === null ? '' : trackMetresText(v)) }],
    [ele],
  );
  const last = profile.length - 1;
  const highlighted = useMemo(() => (index === null ? [] : [{ axisId: AXIS_ID, dataIndex: Math.min(index, last) }]), [index, last]);
  const at = index === null ? null : profile[Math.min(index, last)];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = index ?? 0;
    const step = profileStep(profile.length);
    const page = profileStep(profile.length, true);
    const next: Record<string, number> = {
      ArrowRight: from + step,
      ArrowUp: from + step,
      ArrowLeft: from - step,
      ArrowDown: from - step,
      PageUp: from + page,
      PageDown: from - page,
      Home: 0,
      End: last,
    };
    const to = next[event.key];
    if (to === undefined) return;
    event.preventDefault();
    // The first key shows the start of the track; later ones move from there.
    onIndexChange(index === null && event.key.startsWith('Arrow') ? 0 : Math.min(last, Math.max(0, to)));
  };

  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby="track-profile-title">
      <Typography id="track-profile-title" component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {TRACK_TEXT.profile}
      </Typography>
      <Box
        role="slider"
        tabIndex={0}
        aria-label={TRACK_TEXT.profilePosition}
        aria-valuemin={0}
        aria-valuemax={Number(totalKm.toFixed(1))}
        aria-valuenow={at ? Number((at[0] / 1000).toFixed(1)) : 0}
        aria-valuetext={at ? profilePointText(at[0], at[1]) : profilePointText(profile[0]?.[0] ?? 0, profile[0]?.[1] ?? 0)}
        aria-describedby="track-profile-hint"
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (index === null) onIndexChange(0);
        }}
        onBlur={() => onIndexChange(null)}
        data-testid="elevation-profile"
        sx={{
          height: { xs: 200, md: 230 },
          borderRadius: 1,
          outline: 'none',
          // The page scrolls under a finger moving along the profile only up and down.
          touchAction: 'pan-y',
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
        }}
      >
        <LineChart
          xAxis={xAxis}
          yAxis={yAxis}
          series={series}
          highlightedAxis={highlighted}
          onHighlightedAxisChange={(items) => {
            const item = items.find((i) => i.axisId === AXIS_ID);
            onIndexChange(item ? item.dataIndex : null);
          }}
          axisHighlight={AXIS_HIGHLIGHT}
          slotProps={NO_TOOLTIP}
          hideLegend
          skipAnimation
          grid={GRID}
          margin={MARGIN}
          sx={CHART_SX}
        />
      </Box>
      {/* The point's text and the hint share one cell as high as the hint, so nothing below moves when
          the slider loses focus: a click on 'Descargar GPX' right after it used to land where the link no
          longer was. */}
      <Box sx={{ display: 'grid', mt: 0.5, '& > *': { gridArea: '1 / 1' } }}>
        <Typography id="track-profile-hint" variant="body2" color="text.secondary">
          {at ? profilePointText(at[0], at[1]) : TRACK_TEXT.profileHint}
        </Typography>
        <Typography variant="body2" aria-hidden sx={{ visibility: 'hidden' }}>
          {TRACK_TEXT.profileHint}
        </Typography>
      </Box>
    </Box>
  );
}
