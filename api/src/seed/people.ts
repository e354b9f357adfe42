/** Random people of a branch's city: names, addresses, birth dates, religions and ethnic groups. */
import { pad, type SeedContext } from './context';
import type { BranchDef } from './definitions';
import { FAMILY_NAMES, FEMALE_NAMES, MALE_NAMES, STREETS } from './names';
import type { ReferenceIds } from './reference';

export type People = ReturnType<typeof peopleOf>;

export function peopleOf({ rnd }: SeedContext, reference: ReferenceIds) {
  const religionWeights: [number, number][] = reference.religionIds.map((id, i) => [
    id,
    [80, 9, 6, 2, 2, 1][i] ?? 1,
  ]);
  return {
    religionWeights,
    gender: () => (rnd.chance(0.5) ? 1 : 2) as 1 | 2,
    personName: (gender: 1 | 2) =>
      `${rnd.pick(gender === 1 ? MALE_NAMES : FEMALE_NAMES)} ${rnd.pick(FAMILY_NAMES)}`,
    address: (city: string) =>
      `${rnd.pick(STREETS)} No. ${rnd.int(1, 180)}, RT ${pad(rnd.int(1, 12), 2)}/RW ${pad(rnd.int(1, 9), 2)}, ${city}`,
    birthDate: (birthYear: number) => `${birthYear}-${pad(rnd.int(1, 12), 2)}-${pad(rnd.int(1, 28), 2)}`,
    ethnicOf: (branch: BranchDef) =>
      reference.ethnicId.get(
        rnd.weighted(Object.entries(branch.ethnicWeights) as [string, number][]),
      ) as number,
  };
}
