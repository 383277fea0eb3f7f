import { useEffect, useRef, useState } from 'react';
import type { GeoPoint } from '@sendero/contract';

/** The browser's position, asked once per page load and kept (docs/product.md#planning: 'Más cerca de mí'). */
let known: GeoPoint | null = null;
let asking: Promise<GeoPoint> | null = null;

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 20_000 };

function askPosition(): Promise<GeoPoint> {
  if (known) return Promise.resolve(known);
  asking ??= new Promise<GeoPoint>((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        known = { lat: position.coords.latitude, lon: position.coords.longitude };
        resolve(known);
      },
      (error) => reject(error),
      POSITION_OPTIONS,
    );
  }).finally(() => {
    asking = null;
  });
  return asking;
}

/**
 * Where the user is, while `active` (the 'Más cerca de mí' order): null until the browser answers.
 * A refusal, an error or a browser without geolocation calls `onFail` (the toast and the default order).
 */
export function useOrigin(active: boolean, onFail: () => void): GeoPoint | null {
  const [origin, setOrigin] = useState<GeoPoint | null>(known);
  const failRef = useRef(onFail);
  useEffect(() => {
    failRef.current = onFail;
  });
  useEffect(() => {
    if (!active || origin) return;
    let live = true;
    askPosition().then(
      (point) => live && setOrigin(point),
      () => live && failRef.current(),
    );
    return () => {
      live = false;
    };
  }, [active, origin]);
  return active ? origin : null;
}

/** Tests only: forget the position asked earlier in this page. */
export function forgetOriginForTests(): void {
  known = null;
  asking = null;
}
