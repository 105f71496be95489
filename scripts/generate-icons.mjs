// Renders the app icons from public/logo.svg. Run once after changing the logo
// (`node scripts/generate-icons.mjs`) and commit the PNGs: the build only copies them.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const logo = readFileSync('public/logo.svg');
const BRAND = '#0A75E3';

for (const size of [144, 152, 192, 512]) {
  await sharp(logo, { density: 72 * (size / 64) }).resize(size, size).png().toFile(`public/icons/icon-${size}.png`);
}

// A maskable icon may be cropped to a circle: fill the logo's rounded corners with the brand
// colour so the square bleeds to the edge; the mark already sits inside the central safe zone.
const maskable = await sharp(logo, { density: 72 * (512 / 64) }).resize(512, 512).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: maskable }])
  .png()
  .toFile('public/icons/maskable-512.png');

console.log('Icons written to public/icons/');
