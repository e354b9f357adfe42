import {
  type ProspectiveBillingPaymentReceipt,
  parseDocumentPath,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReceiptSheet } from '../src/documents/ReceiptSheet';
import {
  LINES_ON_CONTINUED_SHEET,
  LINES_ON_LAST_SHEET,
  prospectSheet,
  sheetPages,
  studentSheet,
} from '../src/documents/sheets';

const q = (s: string) => new URLSearchParams(s);

describe('parseDocumentPath: the document a path asks for', () => {
  it('reads the three routes of the spec, the note type defaulting to 1', () => {
    expect(parseDocumentPath('/student-billing/show/5/receipt-show', q('studentBillingPaymentId=7'))).toEqual(
      {
        kind: 'student-receipt',
        billId: 5,
        paymentId: 7,
      },
    );
    expect(
      parseDocumentPath('/student-billing/show/5/bill-show', q('studentBillingPaymentId=7&type=2')),
    ).toMatchObject({
      kind: 'student-note',
      noteType: 2,
    });
    expect(
      parseDocumentPath('/student-billing/show/5/bill-show', q('studentBillingPaymentId=7')),
    ).toMatchObject({
      noteType: 1,
    });
    expect(
      parseDocumentPath('/prospective-billing/show/3/receipt-show', q('prospectiveBillingPaymentId=9')),
    ).toEqual({ kind: 'prospect-receipt', billId: 3, paymentId: 9 });
    // The same Kuitansi Calon Siswa under Billing Peserta Mutasi.
    expect(
      parseDocumentPath('/mutation-billing/show/4/receipt-show', q('prospectiveBillingPaymentId=8')),
    ).toEqual({ kind: 'prospect-receipt', billId: 4, paymentId: 8 });
  });

  it('is no document without a valid bill or payment id', () => {
    expect(parseDocumentPath('/student-billing/show/5/receipt-show', q(''))).toBeNull();
    expect(
      parseDocumentPath('/student-billing/show/x/receipt-show', q('studentBillingPaymentId=7')),
    ).toBeNull();
    expect(
      parseDocumentPath('/student-billing/show/5/receipt-show', q('studentBillingPaymentId=-1')),
    ).toBeNull();
    // A prospect receipt reads its own query key.
    expect(
      parseDocumentPath('/prospective-billing/show/3/receipt-show', q('studentBillingPaymentId=9')),
    ).toBeNull();
    expect(parseDocumentPath('/student-billing/show/5', q('studentBillingPaymentId=7'))).toBeNull();
  });
});

const branch = {
  name: 'Cabang Bandung',
  address: 'Jl. Juanda',
  phone: '022',
  website: 'https://x',
  city: 'Bandung',
};

function studentPayment(overrides: Partial<StudentBillingPaymentReceipt> = {}): StudentBillingPaymentReceipt {
  return {
    id: 7,
    student_billing_id: 5,
    student_id: 50,
    payment_number: 'KWT-BDG-2611-00007',
    payment_date: '2026-11-03',
    amount: 525_000,
    total_amount_payment_paid: 600_000,
    change: 75_000,
    total_billing_after: 50_000,
    print_count: 0,
    first_printed_at: null,
    ptype: 1,
    payer_name: null,
    payer_city: null,
    note: null,
    created_at: '2026-11-03T02:00:00.000Z',
    created_by: { id: 2, name: 'Dewi Kartika Sari' },
    cashier_name: null,
    is_void: false,
    voided_at: null,
    voided_by: null,
    void_reason: null,
    student_billing_item_payments: [
      line(1, 'SPP', 450_000, 0),
      line(2, 'Kegiatan Siswa', 75_000, 0),
      line(3, 'Ekstrakurikuler', 0, 50_000),
      line(4, 'Diskon penuh', 0, 0),
    ],
    student_billing: {
      id: 5,
      bill_number: 'INV-1',
      bill_date: '2026-11-02',
      mm: '2026-11',
      type: 1,
      form_status: 1,
      payment_status: 0,
      total_billing: 50_000,
    },
    branch,
    student: { id: 50, name: 'Rina Hakim', nis: '20211018' },
    class: { name: '6B' },
    department: { name: 'SD' },
    year_of_study: { name: '2026/2027' },
    yos_periode: { periode: { name: 'Semester Ganjil' } },
    instalments: [],
    credit: 0,
    ...overrides,
  };
}

function line(id: number, name: string, amount: number, itemTotalBilling: number) {
  return {
    id,
    student_billing_item_id: 100 + id,
    student_fee_component_id: 200 + id,
    amount,
    student_fee_component: { name, fee_type: { name } },
    student_billing_item: {
      id: 100 + id,
      total_amount: amount,
      total_billing: itemTotalBilling,
      payment_status: 0,
    },
    bill: { id: 5, bill_number: 'INV-1', mm: '2026-11' },
  };
}

describe('studentSheet and prospectSheet: what a sheet prints', () => {
  it('marks each line by the spec rule and keeps the stored money figures', () => {
    const sheet = studentSheet(studentPayment(), 'receipt');
    expect(sheet.lines.map((l) => [l.name, l.checked])).toEqual([
      ['SPP', true],
      ['Kegiatan Siswa', true],
      // Nothing paid now but something still due: unchecked.
      ['Ekstrakurikuler', false],
      // Nothing paid now and nothing ever due: checked.
      ['Diskon penuh', true],
    ]);
    expect(sheet).toMatchObject({ total: 525_000, paid: 600_000, change: 75_000, remaining: 50_000 });
    expect(sheet).toMatchObject({
      payerName: 'Rina Hakim',
      payerCity: 'Bandung',
      printTitle: 'Kuitansi Pembayaran Billing Siswa',
    });
  });

  it('a saved payer wins over the defaults; Nota 2 adds year, period, month and department', () => {
    const sheet = studentSheet(studentPayment({ payer_name: 'Ibu Ratna', payer_city: 'Cimahi' }), {
      noteType: 2,
    });
    expect(sheet).toMatchObject({
      payerName: 'Ibu Ratna',
      payerCity: 'Cimahi',
      printTitle: 'Nota Pembayaran Billing Siswa',
    });
    expect(sheet.identity.map(([label]) => label)).toEqual([
      'NIS',
      'Nama',
      'Kelas',
      'Tahun Ajaran',
      'Periode',
      'Bulan',
      'Departemen',
    ]);
    expect(sheet.identity.find(([label]) => label === 'Bulan')?.[1]).toBe('November 2026');
    expect(studentSheet(studentPayment(), { noteType: 1 }).identity).toHaveLength(3);
  });

  it("an online payment prints the provider's reference; a counter payment's note stays off the paper", () => {
    const note = 'midtrans 9f1c-tx (order KEU1-ABC)';
    const online = studentSheet(
      studentPayment({ ptype: 7, note, cashier_name: 'Pembayaran Online' }),
      'receipt',
    );
    expect(online.identity).toContainEqual(['Ref. Pembayaran Online', note]);
    expect(online.cashier).toBe('Pembayaran Online');
    const counter = studentSheet(studentPayment({ ptype: 1, note: 'titipan wali' }), 'receipt');
    expect(counter.identity.map(([label]) => label)).toEqual(['NIS', 'Nama', 'Kelas']);
  });

  it('a payment that spent Saldo Titipan, or brought some, says how much', () => {
    const spent = studentSheet(studentPayment({ ptype: 9, credit: -525_000 }), 'receipt');
    expect(spent.identity).toContainEqual(['Dibayar dari Saldo Titipan', 'Rp 525.000']);
    const excess = studentSheet(studentPayment({ ptype: 4, credit: 25_000 }), 'receipt');
    expect(excess.identity).toContainEqual(['Kelebihan masuk Saldo Titipan', 'Rp 25.000']);
    expect(studentSheet(studentPayment(), 'receipt').identity).toHaveLength(3);
  });

  it("Nota 2 of a payment over two bills names both bills' months, oldest first", () => {
    const october = { ...line(5, 'SPP', 450_000, 0), bill: { id: 4, bill_number: 'INV-0', mm: '2026-10' } };
    const payment = studentPayment();
    const sheet = studentSheet(
      { ...payment, student_billing_item_payments: [...payment.student_billing_item_payments, october] },
      { noteType: 2 },
    );
    expect(sheet.identity.find(([label]) => label === 'Bulan')?.[1]).toBe('Oktober 2026, November 2026');
    expect(sheet.lines.map((l) => l.name)).toContain('SPP (Oktober 2026)');
  });

  it('a prospect receipt prints the registration and the event', () => {
    const payment = {
      ...studentPayment(),
      prospective_billing_id: 3,
      psb_event_prospective_id: 8,
      prospective_billing_item_payments: [
        {
          id: 1,
          prospective_billing_item_id: 11,
          amount: 300_000,
          psb_event_fee: { code: 'F', name: 'Formulir' },
          prospective_billing_item: { id: 11, total_amount: 300_000, total_billing: 0, payment_status: 1 },
        },
      ],
      prospective_billing: {
        id: 3,
        bill_number: 'PSB-1',
        bill_date: '2026-10-01',
        payment_status: 1,
        total_amount: 300_000,
        total_billing: 0,
      },
      psb_event_prospective: { id: 8, name: 'Amelia Sitompul', reg_number: 'REG2027SD002', yoe: 2027 },
      psb_event: { id: 1, code: 'PSB', name: 'PSB SD Gelombang 1' },
      psb_event_stype: { id: 1, name: 'PSB' },
      department: { id: 1, name: 'SD' },
    } as unknown as ProspectiveBillingPaymentReceipt;
    const sheet = prospectSheet(payment);
    expect(sheet.identity[0]).toEqual(['No. Pendaftaran', 'REG2027SD002']);
    expect(sheet.payerName).toBe('Amelia Sitompul');
    expect(sheet.lines).toEqual([{ id: 1, name: 'Formulir', amount: 300_000, checked: true }]);
  });
});

describe('ReceiptSheet', () => {
  it('prints the amounts, the words, SALINAN on a copy and DIBATALKAN on a voided payment', () => {
    const sheet = studentSheet(studentPayment({ is_void: true, void_reason: 'Salah kelas' }), 'receipt');
    render(<ReceiptSheet sheet={sheet} copy />);
    const article = screen.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
    expect(article.textContent).toContain('Rp 525.000');
    expect(article.textContent).toContain('Rp 75.000');
    expect(article.textContent).toContain('Lima Ratus Dua Puluh Lima Ribu Rupiah');
    expect(article.textContent).toContain('SALINAN');
    screen.getByRole('note', { name: 'Dibatalkan: Salah kelas' });
    // Without a save handler (voided), nothing is editable.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('sheetPages: a document on as many sheets as its lines need', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  it.each([
    [1, [1]],
    [4, [4]],
    [5, [5, 0]],
    [12, [10, 2]],
    [14, [10, 4]],
    [15, [10, 5, 0]],
    [40, [10, 10, 10, 10, 0]],
  ])('%d lines: sheets of %j', (n, sizes) => {
    const pages = sheetPages(lines(n));
    expect(pages.map((p) => p.length)).toEqual(sizes);
    // Every line once, in order; the last sheet leaves room for the totals and the signatures.
    expect(pages.flat()).toEqual(lines(n));
    expect(pages.at(-1)?.length ?? 0).toBeLessThanOrEqual(LINES_ON_LAST_SHEET);
    expect(pages.every((p) => p.length <= LINES_ON_CONTINUED_SHEET)).toBe(true);
  });
});

describe('ReceiptSheet on several sheets', () => {
  const withLines = (n: number) =>
    studentSheet(
      studentPayment({
        student_billing_item_payments: Array.from({ length: n }, (_, i) =>
          line(i + 1, `Komponen ${i + 1}`, 10_000, 0),
        ),
        amount: n * 10_000,
      }),
      'receipt',
    );

  it.each([1, 5, 12, 40])(
    '%d items: every item once, the totals, words and signatures on the last sheet only',
    (n) => {
      render(<ReceiptSheet sheet={withLines(n)} copy={false} />);
      const article = screen.getByRole('article', { name: 'Kuitansi Pembayaran Billing Siswa' });
      const sheets = article.querySelectorAll('.kw-sheet');
      expect(sheets).toHaveLength(sheetPages(Array.from({ length: n })).length);
      const items = [...article.querySelectorAll('table[aria-label="Rincian pembayaran"] tr')].map(
        (row) => row.querySelectorAll('td')[1]?.textContent,
      );
      expect(items).toEqual(Array.from({ length: n }, (_, i) => `Komponen ${i + 1}`));
      const last = sheets[sheets.length - 1] as HTMLElement;
      expect(article.querySelectorAll('.kw-words')).toHaveLength(1);
      expect(last.querySelector('.kw-words')?.textContent).toContain('Rupiah');
      expect(last.textContent).toContain('Petugas');
      expect(last.textContent).toContain('Penyetor');
      expect(article.querySelectorAll('.kw-totals')).toHaveLength(1);
      if (sheets.length > 1) {
        expect(screen.getByRole('region', { name: `Halaman 1 dari ${sheets.length}` }).textContent).toContain(
          'Bersambung ke halaman 2',
        );
        expect(last.textContent).toContain(`Halaman ${sheets.length}/${sheets.length}`);
      } else {
        expect(article.textContent).not.toContain('Halaman');
      }
    },
  );

  it("a payment of several bills names each line's month", () => {
    const payment = studentPayment({
      student_billing_item_payments: [
        { ...line(1, 'SPP', 450_000, 0), bill: { id: 5, bill_number: 'INV-1', mm: '2026-10' } },
        { ...line(2, 'SPP', 450_000, 0), bill: { id: 6, bill_number: 'INV-2', mm: '2026-11' } },
      ],
    });
    expect(studentSheet(payment, 'receipt').lines.map((l) => l.name)).toEqual([
      'SPP (Oktober 2026)',
      'SPP (November 2026)',
    ]);
  });

  it('a line on a split item names the instalments it paid', () => {
    const payment = studentPayment({
      instalments: [
        { student_billing_item_id: 101, first: 1, last: 2, count: 3 },
        { student_billing_item_id: 102, first: 3, last: 3, count: 3 },
      ],
    });
    expect(studentSheet(payment, 'receipt').lines.map((l) => l.name)).toEqual([
      'SPP (cicilan 1-2 dari 3)',
      'Kegiatan Siswa (cicilan 3 dari 3)',
      'Ekstrakurikuler',
      'Diskon penuh',
    ]);
  });
});
