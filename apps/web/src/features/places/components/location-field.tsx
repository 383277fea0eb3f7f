import { useWatch, type Control, type UseFormRegister, type UseFormSetValue, type FieldErrors } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import MyLocation from '@mui/icons-material/MyLocation';
import { useState } from 'react';
import { cityCentre, LAT_LIMIT, LON_LIMIT, MSG, type GeoPoint, type PlaceFormInput, type PlaceFormOutput, TEXT } from '@sendero/contract';
import { MapView } from '@/components/map';
import { useToast } from '@/components/ui/toast';

interface LocationFieldProps {
  control: Control<PlaceFormInput, unknown, PlaceFormOutput>;
  register: UseFormRegister<PlaceFormInput>;
  setValue: UseFormSetValue<PlaceFormInput>;
  errors: FieldErrors<PlaceFormInput>;
}

/** The typed text of a coordinate as a number within ±limit, or null (empty, half-typed, out of range). */
function coordinate(value: unknown, limit: number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(value)) return null;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/**
 * 'Ubicación del inicio (opcional)' (docs/product.md#planning): the trailhead, set by a click (or a
 * drag of the marker) on the map or typed in 'Latitud' / 'Longitud'; 'Quitar ubicación' empties both.
 * The typed fields are the way for keyboard and screen-reader users; the map mirrors them.
 */
export function LocationField({ control, register, setValue, errors }: LocationFieldProps) {
  const [latText, lonText, city] = useWatch({ control, name: ['lat', 'lon', 'city'] });
  // The map opens on the destination's city when it is typed and known, not on all of Peru.
  const start = cityCentre(String(city ?? ''));
  const { showError } = useToast();
  const [locating, setLocating] = useState(false);
  const lat = coordinate(latText, LAT_LIMIT);
  const lon = coordinate(lonText, LON_LIMIT);
  const picked: GeoPoint | null = lat !== null && lon !== null ? { lat, lon } : null;
  const empty = (latText ?? '') === '' && (lonText ?? '') === '';

  const set = (point: GeoPoint | null) => {
    const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    setValue('lat', point ? String(point.lat) : '', options);
    setValue('lon', point ? String(point.lon) : '', options);
  };

  // 'Usar mi ubicación': standing at the trailhead, one tap sets it (rounded as a click on the map is).
  const locateMe = () => {
    if (!('geolocation' in navigator)) return showError(MSG.locationFailed);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const round = (v: number) => Math.round(v * 1e6) / 1e6;
        set({ lat: round(position.coords.latitude), lon: round(position.coords.longitude) });
      },
      () => {
        setLocating(false);
        showError(MSG.locationFailed);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const field = (name: 'lat' | 'lon') => {
    const { ref, ...rest } = register(name, { deps: [name === 'lat' ? 'lon' : 'lat'] });
    const error = errors[name]?.message;
    // A value set by the map does not go through the input's events: keep the label out of its way.
    const filled = String((name === 'lat' ? latText : lonText) ?? '') !== '';
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`place-${name}`}
        label={TEXT.placeForm.fields[name]}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: filled ? { shrink: true } : {} }}
      />
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby="place-location-help">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 0.5, p: 0 }}>
        {TEXT.placeForm.trailhead}
      </Typography>
      <Typography id="place-location-help" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {TEXT.placeForm.trailheadHelp}
      </Typography>
      <MapView height={{ xs: 260, md: 320 }} label={TEXT.placeForm.trailheadMap} picked={picked} onPick={set} start={start} />
      <Button variant="text" startIcon={<MyLocation />} onClick={locateMe} disabled={locating} sx={{ mt: 1 }}>
        {TEXT.placeForm.useMyLocation}
      </Button>
      <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'start' }}>
        {field('lat')}
        {field('lon')}
        <Button variant="outlined" startIcon={<LocationOffOutlined />} onClick={() => set(null)} disabled={empty} sx={{ mt: { sm: 1 } }}>
          {TEXT.placeForm.clearTrailhead}
        </Button>
      </Box>
    </Box>
  );
}
