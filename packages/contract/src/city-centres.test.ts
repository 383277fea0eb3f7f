import { describe, expect, it } from 'vitest';
import { cityCentre } from './city-centres.js';

describe('cityCentre (where the trailhead picker starts)', () => {
  it('knows a city whatever its accents, case and spaces', () => {
    expect(cityCentre('Huaraz')).toEqual({ lat: -9.53, lon: -77.53 });
    expect(cityCentre('  HUÁNUCO ')).toEqual(cityCentre('huanuco'));
    expect(cityCentre('Puerto   Maldonado')).not.toBeNull();
  });

  it('says null for a city it does not know (the picker then shows all of Peru)', () => {
    expect(cityCentre('Villa Desconocida')).toBeNull();
    expect(cityCentre('')).toBeNull();
  });
});
