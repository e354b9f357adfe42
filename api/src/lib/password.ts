/** Password hashing with Node's scrypt (memory-hard, built in): `scrypt$N$r$p$salt$hash`, base64 parts. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, hash: Omit<ScryptHash, 'key'>): Promise<Buffer> {
  const { N, r, p, salt } = hash;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, { ...PARAMS, salt });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string | null | undefined): ScryptHash | null {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (N !== PARAMS.N || r !== PARAMS.r || p !== PARAMS.p || key.length !== KEY_LENGTH) return null;
  return { N, r, p, salt: Buffer.from(parts[4] ?? '', 'base64'), key };
}

/** Stands in for a missing or unusable hash, so a failed sign-in costs the same time either way. */
const DUMMY: ScryptHash = { ...PARAMS, salt: Buffer.alloc(16), key: Buffer.alloc(KEY_LENGTH) };

/** True when `password` matches `stored`. A stored value that is not a scrypt hash (e.g. '!') never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const hash = parseHash(stored);
  const key = await derive(password, hash ?? DUMMY);
  return hash !== null && timingSafeEqual(key, hash.key);
}
