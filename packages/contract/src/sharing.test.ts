import { describe, expect, it } from 'vitest';
import { placeIdFromPath, placePagePath, safeReturnPath, whatsAppShareUrl } from './sharing.js';

const ID = '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';

describe('volver: only paths of this site (docs/product.md#sharing)', () => {
  it.each([
    ['/buscar-destino', '/buscar-destino'],
    [`/buscar-destino/destino/${ID}`, `/buscar-destino/destino/${ID}`],
    ['/buscar-destino?name=laguna&city=Lima#lista', '/buscar-destino?name=laguna&city=Lima#lista'],
    ['/perfil', '/perfil'],
    ['/', '/'],
    ['/a/../perfil', '/perfil'],
  ])('accepts %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '//evil.example/buscar-destino',
    'https://evil.example',
    'http://evil.example/buscar-destino',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /buscar-destino',
    'buscar-destino',
    '///evil.example',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('destination page paths', () => {
  it('finds the id of a destination page, lower-cased, with or without a trailing slash', () => {
    expect(placeIdFromPath(placePagePath(ID))).toBe(ID);
    expect(placeIdFromPath(`/buscar-destino/destino/${ID.toUpperCase()}/`)).toBe(ID);
  });

  it.each(['/buscar-destino', '/buscar-destino/destino/', '/buscar-destino/destino/123', `/buscar-destino/destino/${ID}/x`, '/buscar-destino/destino/%E0%A4%A', `/admin/destinos/${ID}`])(
    'is null for %s',
    (path) => {
      expect(placeIdFromPath(path)).toBeNull();
    },
  );
});

describe('WhatsApp link', () => {
  it('carries the encoded name and address', () => {
    expect(whatsAppShareUrl('Laguna & Cerro', 'https://sendero.pe/buscar-destino/destino/1')).toBe(
      'https://wa.me/?text=Laguna%20%26%20Cerro%20https%3A%2F%2Fsendero.pe%2Fbuscar-destino%2Fdestino%2F1',
    );
  });
});
