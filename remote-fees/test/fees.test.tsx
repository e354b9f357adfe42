import type { Paged, StudentFeeComponent } from '@keuangan/shared';
import {
  CLASS_MONTH_REFERENCES,
  choose,
  type FakeRoutes,
  installFakeApi,
  type RecordedRequest,
  renderRoutes,
} from '@keuangan/shared/test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FeesRoutes from '../src/routes';

const FILTER = {
  department_id: 1,
  year_of_study_id: 11,
  yos_periode_id: 111,
  level_id: 101,
  class_id: 1001,
  mm: '2026-08',
};

function component(id: number, name: string, price: number, charged: boolean): StudentFeeComponent {
  return {
    id,
    client_id: 1,
    branch_id: 1,
    ...FILTER,
    fee_type_id: id,
    ftype: 1,
    name,
    price,
    description: null,
    due_day: 10,
    due_date: null,
    fee_type: { name },
    student_billing_item: charged ? { id: 900 + id } : null,
  };
}

const ROWS = [component(1, 'SPP', 450_000, false), component(2, 'Kegiatan Siswa', 75_000, true)];

const page = (data: StudentFeeComponent[]): Paged<StudentFeeComponent> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  from: data.length ? 1 : null,
  total: data.length,
});

/** Reference lists of branch 1 and the fee component calls. */
function installApi(extra: FakeRoutes = {}): RecordedRequest[] {
  return installFakeApi({
    ...CLASS_MONTH_REFERENCES,
    'GET /api/ref-fee-types-getall': {
      body: [
        { id: 1, name: 'SPP' },
        { id: 3, name: 'Seragam' },
      ],
    },
    'GET /api/student-fee-component': { body: page(ROWS) },
    ...extra,
  });
}

function renderFees(path: string) {
  return renderRoutes(
    [
      { path: 'student-fee-component/*', element: <FeesRoutes area="student-fee-component" /> },
      { path: 'student-auto-fee/*', element: <FeesRoutes area="student-auto-fee" /> },
      { path: '*', element: <p>Beranda</p> },
    ],
    path,
  ).router;
}

/** The list's filter as the hook saves it (branch 1). */
const saveFilter = (values: object) =>
  sessionStorage.setItem('keuangan.filter.student-fee-component.1', JSON.stringify(values));

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Simpan by its text: once the Jatuh Tempo inputs were used, jsdom's role query counts the button as inaccessible. */
const save = () => fireEvent.click(screen.getByText('Simpan'));

describe('fee component list', () => {
  it('keeps Tampilkan, Generate Komponen and Copy Data Bulan Lalu disabled until all six filters are set', async () => {
    const requests = installApi();
    saveFilter({ ...FILTER, mm: undefined });
    renderFees('/student-fee-component');
    await screen.findByRole('heading', { name: 'Komponen Biaya Siswa' });
    for (const name of ['Tampilkan', 'Generate Komponen', 'Copy Data Bulan Lalu']) {
      expect(button(name).disabled).toBe(true);
    }
    await choose('Bulan', 'Agustus 2026');
    for (const name of ['Tampilkan', 'Generate Komponen', 'Copy Data Bulan Lalu']) {
      expect(button(name).disabled).toBe(false);
    }
    // Nothing is listed before Tampilkan.
    expect(requests.some((r) => r.url === '/api/student-fee-component')).toBe(false);
    fireEvent.click(button('Tampilkan'));
    await screen.findByLabelText('Pilih SPP');
    expect(requests.find((r) => r.url === '/api/student-fee-component')?.params).toEqual({
      ...FILTER,
      page: 1,
      limit: 10,
    });
  });

  it('shows the saved filter at once, with the spec columns; a charged row is locked', async () => {
    installApi();
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    const table = await screen.findByRole('table');
    await within(table).findByLabelText('Pilih SPP');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual([
      '#',
      'Nama',
      'Tipe Komponen',
      'Sifat',
      'Biaya (Rp)',
      'Jatuh Tempo',
      'Aksi',
    ]);
    expect(within(table).getAllByText('Setiap tanggal 10')).toHaveLength(2);
    expect(within(table).getAllByText('Biaya Wajib')).toHaveLength(2);
    within(table).getByText('450.000');
    expect((screen.getByLabelText('Pilih SPP') as HTMLInputElement).disabled).toBe(false);
    expect(
      (screen.getByLabelText('Kegiatan Siswa sudah dibebankan ke siswa') as HTMLInputElement).disabled,
    ).toBe(true);
    screen.getByRole('button', { name: 'Ubah Biaya SPP' });
    expect(screen.queryByRole('button', { name: 'Ubah Biaya Kegiatan Siswa' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ubah Kegiatan Siswa' }).getAttribute('href')).toBe(
      '/student-fee-component/edit/2',
    );
  });

  it('edits a price in place typed the Indonesian way (150.000 is a hundred and fifty thousand)', async () => {
    const requests = installApi({
      'POST /api/student-fee-component-xupdate/1': ({ body }) => ({
        body: { ...ROWS[0], price: (body as { value: number }).value },
      }),
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Biaya SPP' }));
    const input = screen.getByLabelText('Biaya SPP') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '150.000' } });
    expect(input.value).toBe('150.000');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Data berhasil diubah.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ field: 'price', value: 150_000 });
  });

  it('refuses a negative or fractional price in place with a message that names the problem', async () => {
    const requests = installApi();
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Biaya SPP' }));
    const input = screen.getByLabelText('Biaya SPP');
    fireEvent.change(input, { target: { value: '-5000' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByRole('alert')).textContent).toBe('Biaya tidak boleh negatif');
    fireEvent.change(input, { target: { value: '12,5' } });
    fireEvent.blur(input);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Biaya dalam rupiah penuh, tanpa sen'),
    );
    expect((screen.getByLabelText('Biaya SPP') as HTMLInputElement).value).toBe('12,5');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('keeps an empty name in the input with its message and sends nothing', async () => {
    const requests = installApi();
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Nama SPP' }));
    const input = screen.getByLabelText('Nama SPP');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Nama tidak boleh kosong');
    screen.getByLabelText('Nama SPP');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('deletes the selected rows after confirmation, then clears the selection', async () => {
    const requests = installApi({
      'DELETE /api/student-fee-component-batch': {
        body: { message: 'Item Yang Terpilih Berhasil Dihapus.' },
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    fireEvent.click(await screen.findByLabelText('Pilih SPP'));
    fireEvent.click(button('Hapus Item Terpilih (1)'));
    await screen.findByText('Apakah Anda yakin untuk menghapus item yang terpilih ?');
    fireEvent.click(button('Ya'));
    await screen.findByText('Item Yang Terpilih Berhasil Dihapus.');
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ item_ids: [1] });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Hapus Item Terpilih/ })).toBeNull());
  });

  it('generates for the chosen class-month after confirmation and says how many were made', async () => {
    const requests = installApi({
      'POST /api/student-fee-component-batch': {
        body: { message: 'Berhasil Generate Komponen', created: 3, skipped: 1 },
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    await screen.findByLabelText('Pilih SPP');
    fireEvent.click(button('Generate Komponen'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
    expect((await screen.findByText(/Berhasil Generate Komponen/)).textContent).toContain(
      '3 komponen dibuat',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual(FILTER);
  });

  it('charges the class-month to its students after the Bebankan confirmation, then lists it again', async () => {
    const requests = installApi({
      'POST /api/student-billing-batch': {
        body: {
          message: 'Berhasil Membebankan Komponen Pada Siswa',
          students: 40,
          created: 38,
          updated: 1,
          skipped: 1,
          items_added: 156,
          classes: [
            {
              class_id: FILTER.class_id,
              class_name: 'Kelas 1A',
              components: 4,
              students: 40,
              created: 38,
              updated: 1,
              skipped: 1,
              items_added: 156,
            },
          ],
        },
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    await screen.findByLabelText('Pilih SPP');
    fireEvent.click(button('Bebankan ke Siswa'));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Membebankan Komponen Pada Siswa');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bebankan' }));
    const toast = await screen.findByText(/Berhasil Membebankan Komponen Pada Siswa/);
    // The spec's text is the first line, exactly; what was made follows.
    expect(toast.textContent?.split('\n')).toEqual([
      'Berhasil Membebankan Komponen Pada Siswa',
      '38 billing baru dibuat',
      '1 billing belum dikonfirmasi ditambah komponen baru',
      '1 siswa dilewati (sudah lengkap atau sudah dikonfirmasi)',
      '156 rincian biaya dibebankan kepada 40 siswa aktif',
    ]);
    expect(requests.find((r) => r.url === '/api/student-billing-batch')?.body).toEqual(FILTER);
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/student-fee-component')).toHaveLength(2),
    );
    // The outcome per class stays on the page.
    const outcome = await screen.findByRole('table', { name: 'Hasil per kelas' });
    within(outcome).getByText('Kelas 1A');
    within(outcome).getByText('38');
  });

  it('says why a charge was refused', async () => {
    installApi({
      'POST /api/student-billing-batch': {
        status: 422,
        body: { message: 'Belum ada komponen biaya pada kelas dan bulan ini' },
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    await screen.findByLabelText('Pilih SPP');
    fireEvent.click(button('Bebankan ke Siswa'));
    fireEvent.click(await screen.findByRole('button', { name: 'Bebankan' }));
    await screen.findByText('Belum ada komponen biaya pada kelas dan bulan ini');
  });

  it("reports a copy with nothing to copy below the spec's success text", async () => {
    installApi({
      'POST /api/student-fee-component-copy-prev-month': {
        body: {
          message: 'Berhasil Menyalin Komponen Bulan Sebelumnya',
          source_mm: '2026-07',
          copied: 0,
          skipped: 0,
        },
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component');
    await screen.findByLabelText('Pilih SPP');
    fireEvent.click(button('Copy Data Bulan Lalu'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ya' }));
    const toast = await screen.findByRole('status');
    // The spec's text is the first line, exactly; what happened follows on the next line.
    expect(toast.textContent).toBe(
      'Berhasil Menyalin Komponen Bulan Sebelumnya\nTidak ada komponen yang disalin: kelas ini tidak punya komponen pada Juli 2026.',
    );
  });
});

describe('fee component form', () => {
  it('shows every required message on an empty submit, and sends nothing', async () => {
    const requests = installApi();
    renderFees('/student-fee-component/add');
    await screen.findByRole('heading', { name: 'Tambah Komponen Biaya Siswa' });
    fireEvent.change(screen.getByLabelText('Biaya (Rp)'), { target: { value: '' } });
    fireEvent.click(button('Simpan'));
    for (const message of [
      'Departemen Tidak Boleh Kosong',
      'Tahun Ajaran Tidak Boleh Kosong',
      'Periode KBM Tidak Boleh Kosong',
      'Tingkat Tidak Boleh Kosong',
      'Kelas Tidak Boleh Kosong',
      'Bulan Tidak Boleh Kosong',
      'Tipe Komponen Tidak Boleh Kosong',
      'Nama tidak boleh kosong',
      'Biaya tidak boleh kosong',
    ]) {
      await screen.findByText(message);
    }
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("starts from the list's class-month, fills the name from the fee type and saves", async () => {
    const requests = installApi({
      'POST /api/student-fee-component': { status: 201, body: ROWS[0] },
    });
    saveFilter(FILTER);
    const router = renderFees('/student-fee-component/add');
    await waitFor(() => screen.getByText('Agustus 2026'));
    await choose('Tipe Komponen', 'Seragam');
    expect((screen.getByLabelText('Nama') as HTMLInputElement).value).toBe('Seragam');
    // Pasted with its currency and dots, as it stands in a price list.
    const price = screen.getByLabelText('Biaya (Rp)') as HTMLInputElement;
    fireEvent.change(price, { target: { value: 'Rp 1.250.000' } });
    expect(price.value).toBe('1.250.000');
    fireEvent.click(button('Simpan'));
    await screen.findByText('Data berhasil ditambahkan.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      ...FILTER,
      fee_type_id: 3,
      ftype: 1,
      name: 'Seragam',
      price: 1_250_000,
      description: null,
      due_day: 10,
      due_date: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-fee-component'));
  });

  it('sets Jatuh Tempo as a day 1-31 of the month or one date, with Indonesian messages', async () => {
    const requests = installApi({
      'POST /api/student-fee-component': { status: 201, body: ROWS[0] },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component/add');
    await waitFor(() => screen.getByText('Agustus 2026'));
    await choose('Tipe Komponen', 'Seragam');
    const day = screen.getByLabelText('Jatuh Tempo Setiap Tanggal') as HTMLInputElement;
    expect(day.value).toBe('10');
    fireEvent.change(day, { target: { value: '32' } });
    fireEvent.blur(day);
    save();
    await screen.findByText('Jatuh Tempo harus tanggal 1 sampai 31');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(day, { target: { value: '' } });
    fireEvent.blur(day);
    await screen.findByText('Jatuh Tempo tidak boleh kosong');
    fireEvent.change(day, { target: { value: '31' } });
    fireEvent.blur(day);
    save();
    await screen.findByText('Data berhasil ditambahkan.');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ due_day: 31, due_date: null });
  });

  it('Jatuh Tempo on one date sends that date and no day', async () => {
    const requests = installApi({
      'POST /api/student-fee-component': { status: 201, body: ROWS[0] },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component/add');
    await waitFor(() => screen.getByText('Agustus 2026'));
    await choose('Tipe Komponen', 'Seragam');
    fireEvent.click(screen.getByLabelText('Tanggal tertentu'));
    save();
    await screen.findByText('Tanggal Jatuh Tempo tidak boleh kosong');
    const date = screen.getByLabelText('Tanggal Jatuh Tempo');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '20-08-2026' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    save();
    await screen.findByText('Data berhasil ditambahkan.');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      due_day: null,
      due_date: '2026-08-20',
    });
  });

  it('changing the department empties the selects below it', async () => {
    installApi({
      'GET /api/ref-department-getall': {
        body: [
          { id: 1, name: 'SD', sequence: 1 },
          { id: 2, name: 'SMP', sequence: 2 },
        ],
      },
    });
    saveFilter(FILTER);
    renderFees('/student-fee-component/add');
    await waitFor(() => screen.getByText('Agustus 2026'));
    await choose('Departemen', 'SMP');
    await waitFor(() => expect(screen.queryByText('Agustus 2026')).toBeNull());
    expect(screen.queryByText('1A')).toBeNull();
  });

  it('shows a charged component read-only', async () => {
    installApi({ 'GET /api/student-fee-component/2': { body: ROWS[1] } });
    renderFees('/student-fee-component/edit/2');
    await screen.findByText('Komponen ini sudah dibebankan ke siswa sehingga tidak dapat diubah.');
    expect((screen.getByLabelText('Nama') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
  });

  it('edit without an id goes back to the list; a missing component says so', async () => {
    installApi({
      'GET /api/student-fee-component/77': { status: 404, body: { message: 'Data tidak ditemukan' } },
    });
    const router = renderFees('/student-fee-component/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-fee-component'));
    await router.navigate('/student-fee-component/edit/77');
    await screen.findByText('Komponen biaya tidak dapat dimuat');
    screen.getByRole('button', { name: 'Coba lagi' });
    fireEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-fee-component'));
  });
});

describe('placeholders', () => {
  it('student-auto-fee and the fee component show page are placeholders', async () => {
    installApi();
    const router = renderFees('/student-auto-fee/edit/3');
    await screen.findByRole('heading', { name: 'Ubah Biaya Otomatis Siswa' });
    screen.getByText('Segera hadir');
    await router.navigate('/student-fee-component/show/3');
    await screen.findByRole('heading', { name: 'Detail Komponen Biaya Siswa' });
  });
});
