import { type Employee, sessionStore } from '@keuangan/shared';
import { makeUser, renderRoutes } from '@keuangan/shared/test';
import { Outlet, useLocation } from 'react-router-dom';
import StaffRoutes from '../src/routes';

export { installFakeApi } from '@keuangan/shared/test';

/** Where the router is, for asserting navigation. */
function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The staff screens as the host mounts them (/employee/*), for a signed-in user holding `roles`. */
export function renderStaff(path: string, roles: string[] = ['finance']) {
  sessionStore.getState().setToken('token-1');
  sessionStore.setState({ user: makeUser(roles) });
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Location />
          </>
        ),
        children: [
          { path: 'employee/*', element: <StaffRoutes area="employee" /> },
          { path: 'audit-log/*', element: <StaffRoutes area="audit-log" /> },
          { path: '*', element: null },
        ],
      },
    ],
    path,
  );
}

export const REFERENCES = {
  'GET /api/ref-religions-getall': {
    body: [
      { id: 1, name: 'Islam' },
      { id: 2, name: 'Kristen' },
    ],
  },
  'GET /api/ref-ethnics-getall': {
    body: [
      { id: 5, name: 'Sunda' },
      { id: 6, name: 'Jawa' },
    ],
  },
  'GET /api/ref-roles-getall': {
    body: [
      ['superadmin', 'Super Admin'],
      ['finance-manager', 'Manajer Keuangan'],
      ['finance', 'Staf Keuangan'],
      ['academic-manager', 'Manajer Akademik'],
      ['academic', 'Staf Akademik'],
      ['lecture', 'Guru'],
      ['headmaster', 'Kepala Unit'],
    ].map(([slug, title], i) => ({ id: i + 1, slug, title, bg_color: null })),
  },
};

const role = (id: number, slug: string, title: string) => ({ id, slug, title, bg_color: '#fa8c16' });

/** A stored employee: finance staff who also teaches, in branch 1 of the test user's two. */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 41,
    nip: '20150041',
    nip_pns: null,
    name: 'Budi Santoso',
    initial_degree: null,
    final_degree: 'S.Pd.',
    gender_id: 1,
    religion_id: 1,
    ethnic_id: 5,
    marital_status_id: 1,
    birth_place: 'Bandung',
    birth_date: '1980-01-05',
    nik: '3273010101800001',
    phone: '081234567890',
    address: 'Jl. Merdeka No. 1',
    pics: null,
    status: 1,
    user: {
      uname: 'budi.santoso',
      roles: [
        role(3, 'finance', 'Staf Keuangan'),
        role(5, 'academic', 'Staf Akademik'),
        role(6, 'lecture', 'Guru'),
      ],
      branches: [{ id: 1, name: 'Cabang Bandung' }],
    },
    religion: { name: 'Islam' },
    ethnic: { name: 'Sunda' },
    ...overrides,
  };
}
