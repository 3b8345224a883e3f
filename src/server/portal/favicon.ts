/**
 * The portal's icon, drawn once in code (a check mark on the brand blue) and served as a real
 * .ico: 32×32, 32-bit BGRA in a BMP frame, no files to ship and no external asset.
 */
const SIZE = 32;

function distToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** RGBA of pixel (x, y), y from the top. */
function pixel(x: number, y: number): [number, number, number, number] {
  const cx = x + 0.5;
  const cy = y + 0.5;
  // Rounded square: outside the corner radius is transparent.
  const r = 7;
  const qx = Math.max(r - cx, 0, cx - (SIZE - r));
  const qy = Math.max(r - cy, 0, cy - (SIZE - r));
  if (Math.hypot(qx, qy) > r) return [0, 0, 0, 0];
  const d = Math.min(distToSegment(cx, cy, 8, 16.5, 13.5, 22.5), distToSegment(cx, cy, 13.5, 22.5, 24, 10));
  return d <= 2.4 ? [255, 255, 255, 255] : [0x2f, 0x5b, 0xd3, 255];
}

let cached: Buffer | undefined;

export function favicon(): Buffer {
  if (cached) return cached;
  const pixels = SIZE * SIZE * 4;
  const mask = SIZE * 4; // 1 bit per pixel, rows padded to 4 bytes: 32 px → 4 bytes a row
  const bmp = Buffer.alloc(40 + pixels + mask);
  bmp.writeUInt32LE(40, 0); // BITMAPINFOHEADER size
  bmp.writeInt32LE(SIZE, 4);
  bmp.writeInt32LE(SIZE * 2, 8); // height counts the colour and the mask halves
  bmp.writeUInt16LE(1, 12); // planes
  bmp.writeUInt16LE(32, 14); // bits per pixel
  bmp.writeUInt32LE(pixels + mask, 20);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b, a] = pixel(x, y);
      const at = 40 + ((SIZE - 1 - y) * SIZE + x) * 4; // rows bottom-up
      bmp[at] = b;
      bmp[at + 1] = g;
      bmp[at + 2] = r;
      bmp[at + 3] = a;
    }
  }
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head[6] = SIZE;
  head[7] = SIZE;
  head.writeUInt16LE(1, 10); // planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(bmp.length, 14);
  head.writeUInt32LE(22, 18); // offset of the image
  cached = Buffer.concat([head, bmp]);
  return cached;
}
