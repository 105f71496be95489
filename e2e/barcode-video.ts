import { writeFileSync } from 'node:fs';

/**
 * A video file for Chromium's fake camera (--use-file-for-fake-video-capture) showing one EAN-13
 * barcode on white paper. EAN-13 is fully specified by GS1: a start guard, six left digits in L or G
 * code as the first digit dictates, a centre guard, six right digits in R code and an end guard.
 */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
const FIRST_DIGIT_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 symbol, '1' for a bar. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = FIRST_DIGIT_PARITY[digits[0]];
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'L' ? L_CODES[d] : G_CODES[d])).join('');
  const right = digits.slice(7).map((d) => R_CODES[d]).join('');
  return `101${left}01010${right}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 4;
const BAR_TOP = 140;
const BAR_HEIGHT = 200;
// Studio-range luma, as Chromium reads Y4M frames.
const WHITE = 235;
const BLACK = 16;

/** Writes a YUV4MPEG2 (4:2:0) file with a few identical frames of the barcode; returns its path. */
export function writeBarcodeVideo(path: string, code: string, frames = 2): string {
  const modules = ean13Modules(code);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  for (let y = BAR_TOP; y < BAR_TOP + BAR_HEIGHT; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === '1') luma.fill(BLACK, y * WIDTH + left + m * MODULE_PX, y * WIDTH + left + (m + 1) * MODULE_PX);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return path;
}
