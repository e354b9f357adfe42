/**
 * Employee photos on disk: `{uploadsDir}/employees/{generated name}`, served at /uploads/employees/{name}.
 * The type is read from the bytes, never from the client's file name or content type.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SIGNATURES = [
  { ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

/** 'jpg' or 'png' when the bytes start like one, else null. */
export function imageExtension(bytes: Buffer): 'jpg' | 'png' | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b))?.ext ?? null;
}

const photoDir = (uploadsDir: string) => path.join(uploadsDir, 'employees');

/** Writes the photo under a fresh name (`{employeeId}-{random}.{ext}`) and returns the name. */
export async function savePhoto(
  uploadsDir: string,
  employeeId: number,
  bytes: Buffer,
  ext: string,
): Promise<string> {
  const name = `${employeeId}-${randomBytes(8).toString('hex')}.${ext}`;
  await mkdir(photoDir(uploadsDir), { recursive: true });
  await writeFile(path.join(photoDir(uploadsDir), name), bytes, { flag: 'wx' });
  return name;
}

/**
 * Removes a stored photo; best effort (a file already gone is fine). Only plain file names are touched, so a
 * stored value can never point outside the folder.
 */
export async function removePhoto(uploadsDir: string, name: string | null): Promise<void> {
  if (!name || path.basename(name) !== name) return;
  await unlink(path.join(photoDir(uploadsDir), name)).catch(() => undefined);
}
