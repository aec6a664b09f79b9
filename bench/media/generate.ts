import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { zip } from '../../apps/server/test/zip';

const SIZE = 1600;
export const barcodeOf = (i: number) => String(6_290_000_000_000 + i);

/**
 * A photo-like product shot: a plain light background with a soft gradient, one coloured object
 * (a rounded box with a label band), and mild sensor noise. Neither flat colour nor pure noise.
 */
async function photo(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const w = 700 + ((i * 37) % 300);
  const h = 800 + ((i * 53) % 350);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbfaf7"/><stop offset="1" stop-color="#d9d6cf"/></radialGradient>
    <linearGradient id="o" x1="0" x2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="0.6" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${hue},60%,30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="800" cy="${800 + h / 2 + 30}" rx="${w / 1.6}" ry="60" fill="#000" opacity="0.18"/>
    <rect x="${800 - w / 2}" y="${800 - h / 2}" width="${w}" height="${h}" rx="60" fill="url(#o)"/>
    <rect x="${800 - w / 2}" y="${760}" width="${w}" height="220" fill="#fff" opacity="0.85"/>
    <text x="800" y="900" font-size="110" text-anchor="middle" font-family="sans-serif" fill="hsl(${hue},50%,25%)">DALIL ${i}</text>
  </svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Mild noise, as a camera sensor adds.
  for (let p = 0; p < base.length; p += 1)
    base[p] = Math.max(0, Math.min(255, base[p]! + ((p * 2654435761 + i) % 13) - 6));
  return sharp(base, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The ZIP of `count` photos named by barcode, kept in the temp directory between runs. */
export async function photoZip(count: number): Promise<string> {
  const dir = join(tmpdir(), 'dalil-bench-media');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `photos-${count}.zip`);
  if (existsSync(file)) return file;
  const entries: { name: string; data: Buffer }[] = [];
  let next = 0;
  // One generator per core: 2 000 photos take about 8 minutes on one.
  await Promise.all(
    Array.from({ length: availableParallelism() }, async () => {
      while (next < count) {
        const i = next++;
        entries[i] = { name: `photos/${barcodeOf(i)}.jpg`, data: await photo(i) };
      }
    }),
  );
  writeFileSync(file, zip(entries));
  return file;
}
