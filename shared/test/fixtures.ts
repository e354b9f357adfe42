import type { SessionUser } from '../src/contract';

/** A session user holding the given role slugs, in branch 1 of two. */
export function makeUser(
  roleSlugs: string[] = ['finance'],
  overrides: Partial<SessionUser> = {},
): SessionUser {
  return {
    id: 7,
    name: 'Siti Rahmawati',
    email: 'siti@sekolah.sch.id',
    uname: 'siti',
    utype_name: 'Pegawai',
    avatar: null,
    google_id_registran: null,
    roles: roleSlugs.map((slug, i) => ({ id: i + 1, slug, title: slug.toUpperCase() })),
    branches: [
      { id: 1, name: 'Cabang Bandung', time_zone: 'Asia/Jakarta' },
      { id: 2, name: 'Cabang Cimahi', time_zone: 'Asia/Jakarta' },
    ],
    active_branch: { id: 1, name: 'Cabang Bandung', time_zone: 'Asia/Jakarta' },
    ...overrides,
  };
}
