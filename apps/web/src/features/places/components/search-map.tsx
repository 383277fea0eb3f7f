import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { formatDistance, hasCoordinates, type PlaceIndexEntry, TEXT } from '@sendero/contract';
import { MapView, type MapPoint } from '@/components/map';
import { paths } from '@/config/paths';

/**
 * The 'Mapa' view (docs/product.md#planning): one named marker per filtered place with a trailhead, a
 * popup with its name and 'Ver más'. The list stays under it, so the map is never the only way to a
 * place; how many places have no trailhead (and so no marker) is said in words.
 */
export function SearchMap({ places, loading }: { places: readonly PlaceIndexEntry[]; loading: boolean }) {
  const points = useMemo<MapPoint[]>(
    () =>
      places.filter(hasCoordinates).map((p) => ({
        id: p._id,
        name: p.name,
        lat: p.lat,
        lon: p.lon,
        detail: formatDistance(p.time_city, p.city),
        href: paths.placeDetail(p._id),
      })),
    [places],
  );
  const missing = places.length - points.length;
  return (
    <>
      <MapView height={{ xs: 360, md: 480 }} points={points} label={TEXT.search.map} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 2, minHeight: '1.5em' }}>
        {!loading && missing > 0 ? TEXT.search.notOnMap(missing) : ''}
      </Typography>
    </>
  );
}
