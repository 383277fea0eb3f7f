import { describe, expect, it } from 'vitest';
import { API, PublicConfigSchema } from '@sendero/contract';
import { ConfigError, DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, loadConfig, tileSource } from '@/config.js';
import { api } from './helpers/client.js';
import { configApps } from './helpers/config-apps.js';

/** MAP_TILE_URL (docs/product.md): handed to the web app by GET /api/config; the CSP allows its host for images only. */

const { apps, tempDir, publicConfig } = configApps('map');

function imgSrc(csp: string): string[] {
  const directive = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src '));
  return directive!.split(/\s+/).slice(1);
}

describe('the map tiles in the configuration', () => {
  it("default to OpenStreetMap's standard tiles with their attribution", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.mapTiles).toEqual({ url: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_TILE_ATTRIBUTION, source: 'https://tile.openstreetmap.org' });
    expect(DEFAULT_MAP_TILE_ATTRIBUTION).toContain('OpenStreetMap');
  });

  it('take another template, with its own attribution (none unless given)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, MAP_TILE_URL: 'https://tiles.example.pe:8443/osm/{z}/{x}/{y}.png' }).mapTiles).toEqual({
      url: 'https://tiles.example.pe:8443/osm/{z}/{x}/{y}.png',
      attribution: '',
      source: 'https://tiles.example.pe:8443',
    });
    expect(loadConfig({ DATA_DIR: dir, MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', MAP_TILE_ATTRIBUTION: 'Mapas de Ejemplo' }).mapTiles).toEqual({
      url: 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png',
      attribution: 'Mapas de Ejemplo',
      source: 'https://*.tile.example.org',
    });
  });

  it.each([
    'tile.openstreetmap.org/{z}/{x}/{y}.png',
    'ftp://tiles.example.pe/{z}/{x}/{y}.png',
    'https://tiles.example.pe/{z}/{x}.png',
    'https://user:clave@tiles.example.pe/{z}/{x}/{y}.png',
    "https://tiles.example.pe;script-src 'unsafe-inline'/{z}/{x}/{y}.png",
    'https://tiles.{s}.example.pe/{z}/{x}/{y}.png',
    'https:///{z}/{x}/{y}.png',
    'javascript:alert(1)//{z}/{x}/{y}',
  ])('refuse %s, naming MAP_TILE_URL', (value) => {
    expect(tileSource(value)).toBeNull();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('MAP_TILE_URL');
  });
});

describe('GET /api/config and the CSP', () => {
  it('hands the default tiles to anyone, and img-src adds only their host', async () => {
    const { t, res } = await publicConfig();
    expect(res.status).toBe(200);
    expect(PublicConfigSchema.parse(res.body)).toEqual({
      map: { tile_url: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_TILE_ATTRIBUTION },
      social: { instagram: null, facebook: null, x: null },
    });
    expect(Object.keys(res.body)).toEqual(['map', 'social']);
    const csp = String(res.headers['content-security-policy']);
    expect(imgSrc(csp)).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("script-src 'self';");
    const page = await api(t).get('/buscar-destino', { accept: 'text/html' });
    expect(imgSrc(String(page.headers['content-security-policy']))).toContain('https://tile.openstreetmap.org');
  });

  it('follows MAP_TILE_URL', async () => {
    const { res } = await publicConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.pe/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Ejemplo' });
    expect(res.body.map).toEqual({ tile_url: 'https://{s}.tiles.example.pe/{z}/{x}/{y}.png', attribution: '© Ejemplo' });
    expect(imgSrc(String(res.headers['content-security-policy']))).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.pe']);
  });

  it('is in the OpenAPI document, open to anyone', async () => {
    const t = apps[0]!;
    const doc = (
      await api(t).get<{
        paths: Record<string, { get?: { security?: unknown[]; tags?: string[]; responses: Record<string, unknown> } }>;
        components: { schemas: Record<string, unknown> };
      }>('/api/docs/json')
    ).body;
    const op = doc.paths[API.config]!.get!;
    expect(op.security).toEqual([]);
    expect(op.tags).toEqual(['config']);
    expect(JSON.stringify(op.responses['200'])).toContain('#/components/schemas/PublicConfig');
    expect(JSON.stringify(doc.components.schemas.PublicConfig)).toContain('tile_url');
  });
});
