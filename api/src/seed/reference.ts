/** The global reference lists: the foundation (client), roles, religions, ethnic groups, relationships, event types. */
import type { SeedContext } from './context';
import { ROLE_DEFS } from './definitions';
import { ETHNICS, RELATIONSHIPS, RELIGIONS } from './names';

export interface ReferenceIds {
  clientId: number;
  roleId: Map<string, number>;
  religionIds: number[];
  ethnicId: Map<string, number>;
  relationshipIds: number[];
}

export function addReferenceData({ rows, ids }: SeedContext): ReferenceIds {
  const clientId = ids.clients();
  rows.clients.push({ id: clientId, name: 'Yayasan Pendidikan Nusantara' });
  const roleId = new Map<string, number>();
  for (const [slug, title, bg_color] of ROLE_DEFS) {
    const id = ids.roles();
    roleId.set(slug, id);
    rows.roles.push({ id, slug, title, bg_color });
  }
  const religionIds = RELIGIONS.map((name) => {
    const id = ids.religions();
    rows.religions.push({ id, name });
    return id;
  });
  const ethnicId = new Map<string, number>();
  for (const name of ETHNICS) {
    const id = ids.ethnics();
    ethnicId.set(name, id);
    rows.ethnics.push({ id, name });
  }
  const relationshipIds = RELATIONSHIPS.map((title) => {
    const id = ids.relationship_types();
    rows.relationship_types.push({ id, title });
    return id;
  });
  rows.psb_event_stypes.push(
    { id: 1, name: 'Penerimaan Siswa Baru' },
    { id: 2, name: 'Mutasi / Siswa Pindahan' },
  );
  return { clientId, roleId, religionIds, ethnicId, relationshipIds };
}
