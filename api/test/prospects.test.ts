/**
 * Prospects (api/ROUTES.md): departments and events for the filters, the prospect list and its filters,
 * one prospect, the registration status update rules, delete rules and the XLS download, read back with
 * exceljs.
 */
import {
  type DepartmentRef,
  type Paged,
  PROSPECT_XLS_HEADERS,
  type PsbEvent,
  type PsbEventProspective,
  REGISTRATION_STATUS_NOT_EDITABLE,
} from '@keuangan/shared/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prospective_billing_items,
  prospective_billings,
  psb_event_prospective_fees,
  psb_event_prospectives,
} from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { HAS_PAYMENTS, STATUS_FINAL } from '../src/prospects/rules';
import { callerOf, createTestContext, sessions, type TestContext } from './helpers';

let ctx: TestContext;
let bandung: string;
let jakarta: string;
let guru: string;
let sd: DepartmentRef;
let smp: DepartmentRef;

const call = callerOf(
  () => ctx.app,
  () => bandung,
);

const list = async (query: string, token = bandung) => {
  const res = await call<Paged<PsbEventProspective>>('GET', `/api/psb-event-prospective?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Every prospect of a filter (pages of 100). */
const all = async (query: string) => (await list(`${query}&limit=100`)).data;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ bandung, jakarta, guru } = await sessions(ctx.app));
  const departments = (await call<Paged<DepartmentRef>>('GET', '/api/department?orderby=sequence&sort=asc'))
    .body.data;
  [sd, smp] = departments as [DepartmentRef, DepartmentRef];
});
afterAll(() => ctx.close());

describe('GET /api/department', () => {
  it('lists the branch departments by sequence, in a data field, and one by id', async () => {
    const res = await call<Paged<DepartmentRef>>('GET', '/api/department?orderby=sequence&sort=asc');
    expect(res.body.data.map((d) => d.name)).toEqual(['SD', 'SMP']);
    expect(res.body.total).toBe(2);
    const one = await call<DepartmentRef>('GET', `/api/department/${sd.id}`);
    expect(one.body).toEqual({ id: sd.id, name: 'SD', sequence: 1 });
  });

  it("answers 404 for another branch's department, 403 to a non-editor, 401 without a session", async () => {
    const jakartaDepartments = (await call<Paged<DepartmentRef>>('GET', '/api/department', jakarta)).body
      .data;
    expect(jakartaDepartments.some((d) => d.id === sd.id)).toBe(false);
    expect((await call('GET', `/api/department/${sd.id}`, jakarta)).status).toBe(404);
    expect((await call('GET', '/api/department/abc')).status).toBe(404);
    expect((await call('GET', '/api/department', guru)).status).toBe(403);
    expect((await call('GET', '/api/department', '')).status).toBe(401);
  });
});

describe('GET /api/psb-event', () => {
  it('filters by department, entry year and event type', async () => {
    const events = (await call<Paged<PsbEvent>>('GET', '/api/psb-event?limit=100')).body.data;
    expect(events.length).toBe(4); // admission and transfer for SD and SMP
    const sdAdmission = (
      await call<Paged<PsbEvent>>('GET', `/api/psb-event?deptId=${sd.id}&stype=1&orderby=yoe&sort=desc`)
    ).body.data;
    expect(sdAdmission).toHaveLength(1);
    expect(sdAdmission[0]).toMatchObject({ department_id: sd.id, psb_event_stype_id: 1 });
    expect(sdAdmission[0]?.psb_event_stype.name).toBeTruthy();
    const yoe = sdAdmission[0]?.yoe;
    const byYear = (await call<Paged<PsbEvent>>('GET', `/api/psb-event?yoe=${yoe}`)).body.data;
    expect(byYear.every((e) => e.yoe === yoe)).toBe(true);
    expect((await call('GET', '/api/psb-event?stype=3')).status).toBe(422);
    expect((await call('GET', '/api/psb-event', guru)).status).toBe(403);
  });
});

describe('GET /api/psb-event-years', () => {
  it('lists the entry years that have events of the branch, newest first, per type and department', async () => {
    const events = (await call<Paged<PsbEvent>>('GET', '/api/psb-event?limit=100')).body.data;
    const yearsOf = (rows: PsbEvent[]) => [...new Set(rows.map((e) => e.yoe))].sort((a, b) => b - a);
    expect((await call<number[]>('GET', '/api/psb-event-years')).body).toEqual(yearsOf(events));
    const transfer = events.filter((e) => e.psb_event_stype_id === 2 && e.department_id === smp.id);
    expect((await call<number[]>('GET', `/api/psb-event-years?stype=2&deptId=${smp.id}`)).body).toEqual(
      yearsOf(transfer),
    );
    // Another branch's events are not this branch's years.
    const jakartaEvents = (await call<Paged<PsbEvent>>('GET', '/api/psb-event?limit=100', jakarta)).body.data;
    expect((await call<number[]>('GET', '/api/psb-event-years', jakarta)).body).toEqual(
      yearsOf(jakartaEvents),
    );
    expect((await call('GET', '/api/psb-event-years?stype=9')).status).toBe(422);
    expect((await call('GET', '/api/psb-event-years', guru)).status).toBe(403);
  });
});

describe('GET /api/psb-event-prospective', () => {
  it('lists one event type, with every registration status and unpaid, partly paid and paid bills', async () => {
    for (const stype of [1, 2]) {
      const rows = await all(`stype=${stype}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((p) => p.psb_event_stype_id === stype && p.psb_event_stype.id === stype)).toBe(true);
      expect(new Set(rows.map((p) => p.registration_status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
      const bills = rows.flatMap((p) => (p.prospective_billing ? [p.prospective_billing] : []));
      expect(bills.some((b) => b.total_payment === 0 && b.payment_status === 0)).toBe(true);
      expect(bills.some((b) => b.total_payment > 0 && b.payment_status === 0)).toBe(true);
      expect(bills.some((b) => b.total_billing === 0 && b.payment_status === 1)).toBe(true);
      // Pending prospects have not been billed yet.
      expect(
        rows.filter((p) => p.registration_status === 0).every((p) => p.prospective_billing === null),
      ).toBe(true);
    }
  });

  it('carries the profile, event, department and bill of each row', async () => {
    const [row] = (await list(`stype=1&deptId=${smp.id}&registration_status=4`)).data;
    expect(row).toMatchObject({
      department: { id: smp.id, name: 'SMP' },
      registration_status: 4,
      prospective_billing: { payment_status: 1, total_billing: 0 },
    });
    expect(row?.psb_event.code).toMatch(/^PSB-SMP-/);
    expect(row?.religion?.name).toBeTruthy();
    expect(row?.emergency_contact_rtype?.title).toBeTruthy();
    expect(row?.prospective_billing?.bill_number).toMatch(/^PSB-BDG-\d{4}-\d{5}$/);
  });

  it('filters by department, event, status, entry year and search text', async () => {
    const everything = await all('');
    const sdRows = await all(`deptId=${sd.id}`);
    expect(sdRows.length).toBe(everything.filter((p) => p.department_id === sd.id).length);
    const eventId = sdRows[0]?.psb_event_id as number;
    const byEvent = await all(`psb_event_id=${eventId}`);
    expect(byEvent.length).toBe(everything.filter((p) => p.psb_event_id === eventId).length);
    const passed = await all('registration_status=3');
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.every((p) => p.registration_status === 3)).toBe(true);
    const yoe = sdRows[0]?.yoe as number;
    expect((await all(`yoe=${yoe}`)).every((p) => p.yoe === yoe)).toBe(true);
    expect(await all(`yoe=${yoe - 10}`)).toEqual([]);

    const someone = everything[3] as PsbEventProspective;
    const byName = await all(`q=${encodeURIComponent(someone.name.toUpperCase())}`);
    expect(byName.map((p) => p.id)).toContain(someone.id);
    const byNumber = await all(`q=${someone.reg_number}`);
    expect(byNumber.map((p) => p.id)).toEqual([someone.id]);
    expect(await all('q=%25%25zz')).toEqual([]); // % is literal
  });

  it('pages by 5 and orders by id ascending by default, or by a chosen column', async () => {
    const first = await list('stype=1&limit=5');
    const second = await list('stype=1&limit=5&page=2');
    expect(first.data).toHaveLength(5);
    expect(first.per_page).toBe(5);
    expect(second.from).toBe(6);
    expect(first.last_page).toBe(Math.ceil(first.total / 5));
    const ids = [...first.data, ...second.data].map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byName = (await list('stype=1&limit=100&orderby=name&sort=desc')).data.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
  });

  it('refuses bad filters with a readable 422', async () => {
    for (const query of ['registration_status=9', 'yoe=20x6', 'deptId=-1', 'limit=500', 'orderby=nik']) {
      const res = await call('GET', `/api/psb-event-prospective?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toMatch(/tidak valid|1 sampai 100/);
    }
  });

  it('shows the branch own prospects only, to finance editors only', async () => {
    const jakartaRows = (await list('limit=100', jakarta)).data;
    const bandungIds = new Set((await all('')).map((p) => p.id));
    expect(jakartaRows.some((p) => bandungIds.has(p.id))).toBe(false);
    expect((await call('GET', '/api/psb-event-prospective', guru)).status).toBe(403);
    expect((await call('GET', '/api/psb-event-prospective', '')).status).toBe(401);
  });
});

describe('GET /api/psb-event-prospective/{id}', () => {
  it('answers one prospect, or 404 for another branch or a bad id', async () => {
    const [row] = await all('stype=2');
    const one = await call<PsbEventProspective>('GET', `/api/psb-event-prospective/${row?.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(row);
    expect((await call('GET', `/api/psb-event-prospective/${row?.id}`, jakarta)).status).toBe(404);
    expect((await call('GET', '/api/psb-event-prospective/0')).status).toBe(404);
    expect((await call('GET', '/api/psb-event-prospective/999999')).status).toBe(404);
  });
});

describe('POST /api/psb-event-prospective-xupdate/{id}', () => {
  const update = (id: number, value: unknown, token = bandung, field: unknown = 'registration_status') =>
    call<PsbEventProspective & { message?: string }>(
      'POST',
      `/api/psb-event-prospective-xupdate/${id}`,
      token,
      { field, value },
    );

  it('moves a prospect among 0-3; leaving Pending bills it once for its fees, and going back keeps the bill', async () => {
    const pending = (await all(`stype=1&deptId=${sd.id}&registration_status=0`))[0] as PsbEventProspective;
    expect(pending.prospective_billing).toBeNull();
    const fees = await ctx.database.db
      .select()
      .from(psb_event_prospective_fees)
      .where(eq(psb_event_prospective_fees.psb_event_prospective_id, pending.id));
    const expected = fees.reduce((sum, fee) => sum + fee.price * fee.qty, 0);

    const sent = await update(pending.id, 1);
    expect(sent.status).toBe(200);
    expect(sent.body.registration_status).toBe(1);
    const bill = sent.body.prospective_billing;
    expect(bill).toMatchObject({ total_amount: expected, total_billing: expected, total_payment: 0 });
    expect(bill?.bill_date).toBe(todayIn());
    expect(bill?.bill_number).toMatch(
      new RegExp(`^PSB-BDG-${todayIn().slice(2, 4)}${todayIn().slice(5, 7)}-\\d{5}$`),
    );
    const items = await ctx.database.db
      .select()
      .from(prospective_billing_items)
      .where(eq(prospective_billing_items.prospective_billing_id, bill?.id as number));
    expect(items).toHaveLength(fees.length);

    expect((await update(pending.id, 2)).body.registration_status).toBe(2);
    const back = await update(pending.id, 0);
    expect(back.body.registration_status).toBe(0);
    expect(back.body.prospective_billing?.id).toBe(bill?.id);
    const again = await update(pending.id, 3);
    expect(again.body.prospective_billing?.id).toBe(bill?.id); // no second bill
    const bills = await ctx.database.db
      .select()
      .from(prospective_billings)
      .where(eq(prospective_billings.psb_event_prospective_id, pending.id));
    expect(bills).toHaveLength(1);
  });

  it('bills a prospect without its own fee list for the compulsory fees of its event', async () => {
    const pending = (await all(`stype=2&deptId=${smp.id}&registration_status=0`))[0] as PsbEventProspective;
    await ctx.database.db
      .delete(psb_event_prospective_fees)
      .where(eq(psb_event_prospective_fees.psb_event_prospective_id, pending.id));
    const sent = await update(pending.id, 1);
    expect(sent.status).toBe(200);
    expect(sent.body.prospective_billing?.bill_number).toMatch(/^MUT-BDG-/);
    expect(sent.body.prospective_billing?.total_amount).toBeGreaterThan(0);
  });

  it('refuses Diterima, Tidak Diterima and anything else as a new status, and leaves a final status alone', async () => {
    const [open] = await all('registration_status=2');
    for (const value of [4, 5, 6, -1, 1.5, '1', null]) {
      const res = await update(open?.id as number, value);
      expect(res.status, String(value)).toBe(422);
    }
    expect((await update(open?.id as number, 4)).body.message).toBe(REGISTRATION_STATUS_NOT_EDITABLE);
    expect((await update(open?.id as number, 1, bandung, 'name')).status).toBe(422);
    const unchanged = await call<PsbEventProspective>('GET', `/api/psb-event-prospective/${open?.id}`);
    expect(unchanged.body.registration_status).toBe(2);

    const [accepted] = await all('registration_status=4');
    const res = await update(accepted?.id as number, 3);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STATUS_FINAL);
  });

  it('answers 404 for another branch and 403 to a non-editor', async () => {
    const [row] = await all('registration_status=1');
    expect((await update(row?.id as number, 2, jakarta)).status).toBe(404);
    expect((await update(row?.id as number, 2, guru)).status).toBe(403);
    expect(
      (await call<PsbEventProspective>('GET', `/api/psb-event-prospective/${row?.id}`)).body
        .registration_status,
    ).toBe(1);
  });
});

describe('DELETE /api/psb-event-prospective/{id}', () => {
  it('refuses a prospect whose bill has payments, and deletes nothing', async () => {
    const paid = (await all('registration_status=4'))[0] as PsbEventProspective;
    const res = await call('DELETE', `/api/psb-event-prospective/${paid.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(HAS_PAYMENTS);
    expect((await call('GET', `/api/psb-event-prospective/${paid.id}`)).status).toBe(200);
  });

  it('deletes a prospect with its fee list and its unpaid bill', async () => {
    const unpaid = (await all('registration_status=1')).find(
      (p) => p.prospective_billing?.total_payment === 0,
    ) as PsbEventProspective;
    expect(unpaid).toBeDefined();
    expect((await call('DELETE', `/api/psb-event-prospective/${unpaid.id}`, jakarta)).status).toBe(404);
    expect((await call('DELETE', `/api/psb-event-prospective/${unpaid.id}`, guru)).status).toBe(403);
    const res = await call('DELETE', `/api/psb-event-prospective/${unpaid.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Data berhasil dihapus');
    expect((await call('GET', `/api/psb-event-prospective/${unpaid.id}`)).status).toBe(404);
    const db = ctx.database.db;
    expect(
      await db
        .select()
        .from(prospective_billings)
        .where(eq(prospective_billings.id, unpaid.prospective_billing?.id as number)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(psb_event_prospective_fees)
        .where(eq(psb_event_prospective_fees.psb_event_prospective_id, unpaid.id)),
    ).toEqual([]);
    expect((await call('DELETE', `/api/psb-event-prospective/${unpaid.id}`)).status).toBe(404);
  });

  it('refuses a prospect who became a student', async () => {
    const pending = (await all('registration_status=0'))[0] as PsbEventProspective;
    const studentId = (await call<Paged<{ id: number }>>('GET', '/api/student?limit=1')).body.data[0]?.id;
    await ctx.database.db
      .update(psb_event_prospectives)
      .set({ student_id: studentId })
      .where(eq(psb_event_prospectives.id, pending.id));
    const res = await call('DELETE', `/api/psb-event-prospective/${pending.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/sudah menjadi siswa/);
  });
});

describe('GET /api/psb-event-prospective-xls', () => {
  async function workbook(query: string, token = bandung) {
    const res = await call('GET', `/api/psb-event-prospective-xls?${query}`, token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return { sheet, header: rows[0], body: rows.slice(1) };
  }

  it('holds every prospect of the filter, in the list order, with labels and money', async () => {
    const query = `stype=1&deptId=${sd.id}`;
    const rows = await all(query);
    const { sheet, header, body } = await workbook(query);
    expect(sheet.name).toBe('Calon Siswa');
    expect(header).toEqual([...PROSPECT_XLS_HEADERS]);
    expect(body).toHaveLength(rows.length);
    const column = (name: (typeof PROSPECT_XLS_HEADERS)[number]) => PROSPECT_XLS_HEADERS.indexOf(name);
    body.forEach((cells, i) => {
      const p = rows[i] as PsbEventProspective;
      expect(cells[column('No')]).toBe(i + 1);
      expect(cells[column('No. Registrasi')]).toBe(p.reg_number);
      expect(cells[column('Nama Lengkap')]).toBe(p.name);
      expect(cells[column('Departemen')]).toBe('SD');
      expect(cells[column('Jenis Kelamin')]).toBe(p.gender_id === 1 ? 'Laki-Laki' : 'Perempuan');
      expect(cells[column('Status Pembayaran')]).toBe(
        p.prospective_billing?.payment_status === 1 ? 'Lunas' : 'Belum Lunas',
      );
      expect(cells[column('Sisa Tagihan')] ?? null).toBe(p.prospective_billing?.total_billing ?? null);
      expect((cells[column('Tanggal Lahir')] as Date).toISOString().slice(0, 10)).toBe(p.birth_date);
    });
  });

  it('applies the status filter and names transfer sheets', async () => {
    const { sheet, body } = await workbook('stype=2&registration_status=5');
    expect(sheet.name).toBe('Calon Siswa Pindahan');
    const expected = await all('stype=2&registration_status=5');
    expect(body.map((cells) => cells[1])).toEqual(expected.map((p) => p.reg_number));
    expect(
      body.every((cells) => cells[PROSPECT_XLS_HEADERS.indexOf('Status Pendaftaran')] === 'Tidak Diterima'),
    ).toBe(true);
  });

  it('is a header only for an empty filter; 422 for a bad filter; 403 and 401 as everywhere', async () => {
    const { body } = await workbook('yoe=1990');
    expect(body).toEqual([]);
    expect((await call('GET', '/api/psb-event-prospective-xls?registration_status=x')).status).toBe(422);
    expect((await call('GET', '/api/psb-event-prospective-xls', guru)).status).toBe(403);
    expect((await call('GET', '/api/psb-event-prospective-xls', '')).status).toBe(401);
    // Another branch's session downloads its own prospects: their bills carry its branch code.
    const jakartaBook = await workbook('', jakarta);
    const billNumbers = jakartaBook.body.map((cells) => cells[PROSPECT_XLS_HEADERS.indexOf('No. Billing')]);
    expect(billNumbers.filter(Boolean).length).toBeGreaterThan(0);
    expect(
      billNumbers
        .filter(Boolean)
        .every((n) => String(n).startsWith('PSB-JKT-') || String(n).startsWith('MUT-JKT-')),
    ).toBe(true);
  });
});
