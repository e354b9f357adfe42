/**
 * Employee photos (api/ROUTES.md "Staff", Photo): typed from their bytes and re-encoded with sharp so no metadata
 * survives, kept in the database so every instance serves them; older photos are still served from disk.
 */
import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const SIGNATURES = [
  { ext: 'jpg', format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { ext: 'png', format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

/** Larger images are refused before they are decoded (a small PNG can claim a huge canvas). */
const MAX_INPUT_PIXELS = 25_000_000;
/** JPEG quality of the re-encoded photo: the screens' own crop quality (docs/money.md#constants-and-limits). */
const JPEG_QUALITY = 92;

export interface EncodedPhoto {
  bytes: Buffer;
  ext: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

/**
 * The photo decoded and encoded again in its own format, without metadata; null when the bytes are not a
 * JPEG or PNG that decodes completely (a file that only starts like one is refused).
 */
export async function reencodePhoto(bytes: Buffer): Promise<EncodedPhoto | null> {
  const signature = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  if (!signature) return null;
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== signature.format) return null;
    const oriented = image.rotate(); // applies the EXIF orientation before the EXIF is dropped
    const encoded =
      signature.ext === 'jpg'
        ? await oriented.jpeg({ quality: JPEG_QUALITY }).toBuffer()
        : await oriented.png().toBuffer();
    return {
      bytes: encoded,
      ext: signature.ext,
      contentType: signature.ext === 'jpg' ? 'image/jpeg' : 'image/png',
    };
  } catch {
    return null; // truncated, corrupt, or too many pixels
  }
}

/** A fresh photo name: `{employeeId}-{16 hex}.{ext}`. */
export const photoName = (employeeId: number, ext: string) =>
  `${employeeId}-${randomBytes(8).toString('hex')}.${ext}`;

/** Names the photo route serves: plain file names only, so nothing can point outside the folder. */
export const isPhotoName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name);

/**
 * Removes a photo stored on disk before photos moved into the database; best effort (a file already gone, or
 * never on disk, is fine).
 */
export async function removeDiskPhoto(uploadsDir: string, name: string | null): Promise<void> {
  if (!name || !isPhotoName(name)) return;
  await unlink(path.join(uploadsDir, 'employees', name)).catch(() => undefined);
}
