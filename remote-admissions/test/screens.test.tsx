import {
  jakartaYear,
  type Paged,
  type PsbEventProspective,
  type SchoolClass,
  type Student,
} from '@keuangan/shared';
import {
  choose,
  type FakeRoutes,
  installFakeApi,
  type RecordedRequest,
  renderRoutes,
} from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdmissionsRoutes from '../src/routes';

const paged = <T,>(data: T[], per_page = 5): Paged<T> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page,
  from: data.length ? 1 : null,
  total: data.length,
});

const profile = {
  gender_id: 1,
  birth_place: 'Bandung',
  birth_date: '2020-05-01',
  citizenship: 'I',
  nik: null,
  religion_id: null,
  ethnic_id: null,
  living_status: 1,
  father: 'Budi',
  mother: 'Sri',
  guardian: null,
  address_full: 'Jl. Dago',
  address_distance: null,
  mail_address_full: null,
  prev_school_department_type: 1,
  prev_school_name: 'TK Melati',
  prev_certivicate_number: null,
  prev_certivicate_date: null,
  prev_nisn: null,
  prev_un_number: null,
  prev_un_score: null,
  emergency_contact_type: 2,
  emergency_contact_rtype_id: null,
  emergency_contact_name: 'Budi',
  emergency_contact_phone: '08123',
  emergency_contact_email: null,
  med_blood_type: 'O',
  med_blood_rhesus: '+',
  med_dietaries: null,
  med_medicines: null,
  med_allergies: null,
  med_diseases: null,
  med_notes: null,
  ext_hobby: null,
  ext_achievement: null,
  religion: { name: 'Islam' },
  ethnic: { name: 'Sunda' },
  emergency_contact_rtype: { title: 'Ayah' },
};

function prospect(id: number, name: string, status: number, paid: boolean | null): PsbEventProspective {
  return {
    ...profile,
    id,
    reg_number: `REG2027SD00${id}`,
    name,
    yoe: 2027,
    department_id: 1,
    psb_event_id: 5,
    psb_event_stype_id: 1,
    registration_status: status,
    student_id: null,
    department: { id: 1, name: 'SD' },
    psb_event: { id: 5, code: 'PSB-SD-2027', name: 'PSB SD' },
    psb_event_stype: { id: 1, name: 'PSB' },
    prospective_billing:
      paid === null
        ? null
        : {
            id: 100 + id,
            bill_number: `PSB-BDG-2611-0000${id}`,
            bill_date: '2026-11-01',
            total_amount: 1000,
            total_payment: paid ? 1000 : 0,
            total_billing: paid ? 0 : 1000,
            payment_status: paid ? 1 : 0,
          },
  };
}

const PROSPECTS = [prospect(1, 'Ani Lestari', 1, false), prospect(2, 'Bima Sakti', 4, true)];

function installApi(extra: FakeRoutes = {}): RecordedRequest[] {
  return installFakeApi({
    'GET /api/department': { body: paged([{ id: 1, name: 'SD', sequence: 1 }], 100) },
    'GET /api/psb-event': {
      body: paged([{ id: 5, code: 'PSB-SD-2027', name: 'PSB SD', yoe: 2027, department_id: 1 }], 100),
    },
    'GET /api/psb-event-prospective': { body: paged(PROSPECTS) },
    // Events in this year: the filter stays where it started.
    'GET /api/psb-event-years': { body: [jakartaYear()] },
    'GET /api/level': { body: paged([{ id: 101, name: 'Kelas 1', department_id: 1, sequence: 1 }], 100) },
    'GET /api/year_of_study': {
      body: paged(
        [{ id: 11, name: '2026/2027', department_id: 1, start_date: '2026-07-01', end_date: '2027-06-30' }],
        100,
      ),
    },
    'GET /api/batch': { body: paged([{ id: 7, name: 'Angkatan 2026', department_id: 1, yoe: 2026 }], 100) },
    ...extra,
  });
}

function renderArea(area: string, path: string) {
  return renderRoutes(
    [
      { path: `${area}/*`, element: <AdmissionsRoutes area={area} /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;
}

const calls = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url);

describe('prospect list', () => {
  it('lists with the spec columns: payment Lunas / Belum Lunas, a status select only for 0-3', async () => {
    const requests = installApi();
    renderArea('psb-event-prospective', '/psb-event-prospective');
    const table = await screen.findByRole('table', { name: 'Daftar Calon Siswa' });
    await within(table).findByText('Ani Lestari');
    within(table).getByText('Belum Lunas');
    within(table).getByText('Lunas');
    screen.getByLabelText('Status Ani Lestari');
    expect(screen.queryByLabelText('Status Bima Sakti')).toBeNull();
    within(table).getByText('Diterima');
    const list = calls(requests, 'GET', '/api/psb-event-prospective')[0];
    expect(list?.params).toMatchObject({ stype: 1, limit: 5, page: 1, orderby: 'id', sort: 'asc' });
    expect(list?.params).toHaveProperty('yoe');
    expect(list?.params).not.toHaveProperty('deptId');
  });

  it("updates a status with 'Data berhasil diupdate.'; a refusal shows the server's message and reloads", async () => {
    let refuse = false;
    const requests = installApi({
      'POST /api/psb-event-prospective-xupdate/1': () =>
        refuse ? { status: 409, body: { message: 'Status tidak dapat diubah' } } : { body: PROSPECTS[0] },
    });
    renderArea('psb-event-prospective', '/psb-event-prospective');
    await screen.findByText('Ani Lestari');
    await choose('Status Ani Lestari', 'Data Terverifikasi');
    await screen.findByText('Data berhasil diupdate.');
    expect(calls(requests, 'POST', '/api/psb-event-prospective-xupdate/1')[0]?.body).toEqual({
      field: 'registration_status',
      value: 2,
    });
    refuse = true;
    await choose('Status Ani Lestari', 'Lulus Seleksi');
    await screen.findByText('Status tidak dapat diubah');
    // Every update, saved or refused, is followed by a reload of the list.
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/department',
        'GET /api/psb-event',
        'GET /api/psb-event-years',
        'GET /api/psb-event-prospective',
        'POST /api/psb-event-prospective-xupdate/1',
        'GET /api/psb-event-prospective',
        'POST /api/psb-event-prospective-xupdate/1',
        'GET /api/psb-event-prospective',
      ]),
    );
  });

  it('exports only once the Tahun Masuk has arrived, and exports that year', async () => {
    let answerYears: (years: number[]) => void = () => {};
    const next = jakartaYear() + 1;
    const requests = installApi({
      // The events are next year's: the filter moves there once the server says so.
      'GET /api/psb-event-years': () =>
        new Promise((resolve) => {
          answerYears = (years) => resolve({ body: years });
        }),
      'GET /api/psb-event-prospective-xls': {
        body: new Blob(['xlsx']),
        headers: { 'content-disposition': 'attachment; filename="calon-siswa.xlsx"' },
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:calon-siswa');
    URL.revokeObjectURL = vi.fn();
    renderArea('psb-event-prospective', '/psb-event-prospective');
    await screen.findByRole('table', { name: 'Daftar Calon Siswa' });
    const exportButton = screen.getByRole('button', { name: /Export XLS/ });
    fireEvent.click(exportButton);
    expect(calls(requests, 'GET', '/api/psb-event-prospective-xls')).toHaveLength(0);

    answerYears([next]);
    await waitFor(() => expect(exportButton.className).not.toContain('ant-btn-loading'));
    fireEvent.click(exportButton);
    await waitFor(() => expect(calls(requests, 'GET', '/api/psb-event-prospective-xls')).toHaveLength(1));
    expect(calls(requests, 'GET', '/api/psb-event-prospective-xls')[0]?.params).toMatchObject({ yoe: next });
  });

  it('warns before add without a department; asks before deleting', async () => {
    const requests = installApi({
      'DELETE /api/psb-event-prospective/1': { body: { message: 'Data berhasil dihapus' } },
    });
    renderArea('mutation-event-prospective', '/mutation-event-prospective');
    await screen.findByText('Ani Lestari');
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Calon Siswa Pindahan' }));
    await screen.findByText('Harap pilih department terlebih dahulu');
    expect(calls(requests, 'GET', '/api/psb-event-prospective')[0]?.params).toMatchObject({ stype: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Hapus Ani Lestari' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Apakah Anda yakin untuk menghapus data Ani Lestari ?');
    expect(calls(requests, 'DELETE', '/api/psb-event-prospective/1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    await screen.findByText('Data berhasil dihapus');
    expect(calls(requests, 'DELETE', '/api/psb-event-prospective/1')).toHaveLength(1);
  });

  it('filters by department and sends it as deptId; the department resets event and status', async () => {
    const requests = installApi();
    renderArea('psb-event-prospective', '/psb-event-prospective');
    await screen.findByText('Ani Lestari');
    await choose('Departemen', 'SD');
    await waitFor(() =>
      expect(calls(requests, 'GET', '/api/psb-event-prospective').at(-1)?.params).toMatchObject({
        deptId: 1,
      }),
    );
    await waitFor(() => expect(calls(requests, 'GET', '/api/psb-event').length).toBeGreaterThan(0));
    expect(calls(requests, 'GET', '/api/psb-event').at(-1)?.params).toMatchObject({ stype: 1, deptId: 1 });
    expect(sessionStorage.getItem('keuangan.filter.psb-event-prospective.1')).toContain('"department_id":1');
  });

  it('an unknown path inside the area goes to /', async () => {
    installApi();
    const router = renderArea('psb-event-prospective', '/psb-event-prospective/nothing/here');
    await screen.findByText('Beranda');
    expect(router.state.location.pathname).toBe('/');
  });

  it("the show page links the prospect's bill to Billing Peserta PSB", async () => {
    installApi({ 'GET /api/psb-event-prospective/1': { body: PROSPECTS[0] } });
    renderArea('psb-event-prospective', '/psb-event-prospective/show/1');
    const link = await screen.findByRole('link', {
      name: 'Billing PSB-BDG-2611-00001 di Billing Peserta PSB',
    });
    expect(link.getAttribute('href')).toBe('/prospective-billing/show/101');
  });
});

const student: Student = {
  ...profile,
  id: 9,
  nis: '202610001',
  nisn: null,
  name: 'Citra Dewi',
  yoe: 2026,
  study_status: 1,
  department_id: 1,
  batch_id: 7,
  department: { id: 1, name: 'SD' },
  batch: { id: 7, name: 'Angkatan 2026' },
  current_class: { id: 3, name: '1A', year_of_study: { id: 11, name: '2026/2027' } },
  class_student: [{ the_class: { id: 3, name: '1A', year_of_study: { id: 11, name: '2026/2027' } } }],
};

describe('students', () => {
  it('lists active students; edit warns without a department', async () => {
    const requests = installApi({ 'GET /api/student': { body: paged([student]) } });
    renderArea('student', '/student');
    const table = await screen.findByRole('table', { name: 'Daftar Siswa' });
    await within(table).findByText('Citra Dewi');
    within(table).getByText('1A');
    expect(calls(requests, 'GET', '/api/student')[0]?.params).toMatchObject({ study_status: 1, limit: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Citra Dewi' }));
    await screen.findByText('Harap pilih department terlebih dahulu');
  });

  it('edits with the shared form: messages stay on bad input, a valid save goes to the show page', async () => {
    const requests = installApi({
      'GET /api/student/9': { body: student },
      'PUT /api/student/9': (request) => ({ body: { ...student, ...(request.body as object) } }),
    });
    const router = renderArea('student', '/student/edit/9');
    const name = (await screen.findByLabelText('Nama')) as HTMLInputElement;
    expect(name.value).toBe('Citra Dewi');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('NIK'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Nama Tidak Boleh Kosong');
    screen.getByText('NIK harus 16 digit angka');

    expect(calls(requests, 'PUT', '/api/student/9')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Citra Dewi Lestari' } });
    fireEvent.change(screen.getByLabelText('NIK'), { target: { value: '3273010101170001' } });
    fireEvent.click(screen.getByText('Simpan'));
    await screen.findByText('Data berhasil diubah.');
    expect(calls(requests, 'PUT', '/api/student/9')[0]?.body).toMatchObject({
      name: 'Citra Dewi Lestari',
      nik: '3273010101170001',
      guardian: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/show/9'));
  });
});

const cls: SchoolClass = {
  id: 3,
  name: '1A',
  capacity: 28,
  department_id: 1,
  level_id: 101,
  year_of_study_id: 11,
  employee_id: 40,
  employee: { id: 40, name: 'Rudi Hartono, S.Pd.' },
  department: { id: 1, name: 'SD' },
  level: { id: 101, name: 'Kelas 1' },
  year_of_study: { id: 11, name: '2026/2027' },
  student_count: 20,
};

describe('classes', () => {
  it('lists classes by 10; add warns until the three filters are chosen; a refused delete shows why', async () => {
    const requests = installApi({
      'GET /api/class': { body: paged([cls], 10) },
      'DELETE /api/class/3': {
        status: 409,
        body: { message: 'Kelas masih memiliki siswa sehingga tidak dapat dihapus' },
      },
    });
    renderArea('class', '/class');
    const table = await screen.findByRole('table', { name: 'Daftar Kelas' });
    await within(table).findByText('Rudi Hartono, S.Pd.');
    expect(calls(requests, 'GET', '/api/class')[0]?.params).toMatchObject({ limit: 10, orderby: 'name' });
    expect(within(table).getByRole('link', { name: 'Lihat siswa kelas 1A' }).getAttribute('href')).toBe(
      '/class-student/3?class_id=3&year_of_study=2026%2F2027&class=1A',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tambah Kelas' }));
    await screen.findByText('Harap pilih department, Tingkat dan Tahun Ajaran terlebih dahulu');

    fireEvent.click(screen.getByRole('button', { name: 'Hapus 1A' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Apakah Anda yakin untuk menghapus data kelas 1A ?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya' }));
    await screen.findByText('Kelas masih memiliki siswa sehingga tidak dapat dihapus');
  });

  it('shows View Data Kelas', async () => {
    installApi({ 'GET /api/class/3': { body: cls } });
    renderArea('class', '/class/show/3');
    await screen.findByRole('heading', { name: 'View Data Kelas' });
    for (const text of ['SD', 'Kelas 1', '2026/2027', '1A', 'Rudi Hartono, S.Pd.', '28']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it("the class students page needs its parameters; with them it lists the class's students", async () => {
    const requests = installApi({ 'GET /api/student-by-class': { body: paged([student]) } });
    const router = renderArea('class-student', '/class-student/3?class_id=3&class=1A');
    await waitFor(() => expect(router.state.location.pathname).toBe('/class'));

    await router.navigate('/class-student/3?class_id=3&year_of_study=2026%2F2027&class=1A');
    await screen.findByRole('heading', { name: 'Siswa Kelas 1A 2026/2027' });
    await screen.findByText('Citra Dewi');
    expect(calls(requests, 'GET', '/api/student-by-class')[0]?.params).toMatchObject({
      class_id: 3,
      orderby: 'name',
      limit: 5,
    });
  });
});
