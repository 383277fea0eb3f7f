import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG generated in memory (no file on disk, nothing downloaded): a colour gradient with a
 * seed-dependent tint, so two generated images are different files with different content hashes.
 */
export function makePng(width = 640, height = 480, seed = Math.floor(Math.random() * 256)): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const o = y * row + 1 + x * 3;
      raw[o] = (x * 255) / width;
      raw[o + 1] = (y * 255) / height;
      raw[o + 2] = (seed + ((x ^ y) & 0x3f)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0, 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** The shape Playwright's `setInputFiles` / file chooser accept for an in-memory file. */
export interface PngFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
export function pngFile(name = 'foto.png', seed?: number): PngFile {
  return { name, mimeType: 'image/png', buffer: makePng(640, 480, seed) };
}
