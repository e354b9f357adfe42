/**
 * Rekonsiliasi Bank (docs/bank-reconciliation.md): bank accounts, statement imports, the credit lines with their
 * proposed students and why, assignments, and posting a line as payments.
 */
import * as v from 'valibot';

export const BANK_LAYOUTS = [
  { value: 'generic', label: 'Template Umum (CSV ;)' },
  { value: 'bca', label: 'BCA (CSV)' },
  { value: 'mandiri', label: 'Mandiri (XLSX)' },
  { value: 'bni', label: 'BNI (CSV)' },
  { value: 'bri', label: 'BRI (CSV ;)' },
  { value: 'bsi', label: 'BSI (XLSX)' },
] as const;
export type BankLayoutKey = (typeof BANK_LAYOUTS)[number]['value'];
const LAYOUT_KEYS = BANK_LAYOUTS.map((l) => l.value) as [BankLayoutKey, ...BankLayoutKey[]];

/** A statement file's largest size (a month of a busy account is far below it). */
export const BANK_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart field of the statement file. */
export const BANK_STATEMENT_FIELD = 'file';
/** At or above this confidence (0-100) a candidate is proposed as Cocok. */
export const BANK_MATCH_THRESHOLD = 70;

export const BANK_MESSAGES = {
  fileRequired: 'Berkas mutasi wajib diunggah',
  tooLarge: 'Berkas mutasi terlalu besar (maksimal 2 MB)',
  empty: 'Berkas mutasi kosong',
  notText: 'Berkas bukan CSV teks: gunakan berkas CSV atau XLSX dari internet banking',
  notXlsx: 'Berkas bukan XLSX yang dapat dibaca',
  noHeader: 'Kolom tidak sesuai format',
  noLines: 'Berkas tidak berisi baris mutasi',
  tooManyErrors: 'dan kesalahan lainnya',
  alreadyPosted: 'Mutasi ini sudah diposting',
  notCredit: 'Hanya mutasi kredit yang dapat diposting',
  noAllocation: 'Pilih siswa untuk mutasi ini terlebih dahulu',
  allocationSum: 'Jumlah pembagian harus sama dengan nominal mutasi',
  noOpenBills: 'Siswa tidak memiliki tagihan terbuka',
  accountExists: 'Nomor rekening sudah terdaftar di cabang ini',
} as const;

export const BankAccountCreateSchema = v.object({
  bank: v.picklist(LAYOUT_KEYS, 'Format bank tidak dikenal'),
  account_number: v.pipe(
    v.string('Nomor Rekening tidak boleh kosong'),
    v.trim(),
    v.regex(/^[0-9 .-]{5,40}$/, 'Nomor Rekening hanya berisi angka (5-40 karakter)'),
  ),
  account_name: v.pipe(
    v.string('Nama Rekening tidak boleh kosong'),
    v.trim(),
    v.minLength(1, 'Nama Rekening tidak boleh kosong'),
    v.maxLength(100, 'Nama Rekening maksimal 100 karakter'),
  ),
});
export type BankAccountCreate = v.InferOutput<typeof BankAccountCreateSchema>;

export interface BankAccount {
  id: number;
  bank: string;
  account_number: string;
  account_name: string;
}

export interface BankAccountList {
  data: BankAccount[];
}

/** What an import did: lines read, new, and already known (a re-import or an overlap). */
export interface BankImportResult {
  id: number;
  credit_lines: number;
  new_lines: number;
  duplicate_lines: number;
  debit_lines: number;
  closing_balance: number | null;
}

export interface BankMatchCandidate {
  student_id: number;
  student_name: string;
  nis: string;
  /** 0-100. */
  confidence: number;
  /** Why, in one Indonesian sentence. */
  reason: string;
  /** What the student owes on confirmed bills now. */
  open_amount: number;
}

export type BankLineStatus = 'cocok' | 'belum_cocok' | 'posted';

export interface BankLine {
  id: number;
  line_date: string;
  description: string;
  amount: number;
  balance: number | null;
  status: BankLineStatus;
  candidates: BankMatchCandidate[];
  allocations: { student_id: number; student_name: string; amount: number }[];
  payment_ids: number[];
}

export interface BankLineList {
  data: BankLine[];
}

export const BankLineQuerySchema = v.object({
  bank_account_id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Rekening tidak valid'), v.transform(Number)),
  mm: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan tidak valid')),
});

export const BankAllocateSchema = v.object({
  allocations: v.pipe(
    v.array(
      v.object({
        student_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
        amount: v.pipe(
          v.number(),
          v.integer('Nominal harus rupiah bulat'),
          v.minValue(1, 'Nominal minimal Rp 1'),
        ),
      }),
    ),
    v.minLength(1, BANK_MESSAGES.noAllocation),
    v.maxLength(10, 'Satu mutasi dibagi ke paling banyak 10 siswa'),
  ),
});
export type BankAllocate = v.InferOutput<typeof BankAllocateSchema>;

export interface BankPostResult {
  line_id: number;
  payment_ids: number[];
  /** What a share paid beyond what its student owed, kept as the student's Saldo Titipan. */
  credits: { student_id: number; amount: number }[];
}

/** How many lines and how much money (whole rupiah). */
export interface BankOverviewFigure {
  count: number;
  amount: number;
}

/**
 * `GET /api/bank-reconciliation-overview`: an account's month (docs/bank-reconciliation.md "Overview"). The balance
 * reads opening + credits − debits = closing, checked against the statement's closing balance; `difference` is
 * the month's credits not posted yet, what the treasurer signs.
 */
export interface BankOverview {
  bank_account_id: number;
  mm: string;
  imported: BankOverviewFigure;
  cocok: BankOverviewFigure;
  belum_cocok: BankOverviewFigure;
  posted: BankOverviewFigure;
  /** Of the posted money, what was kept as Saldo Titipan (beyond what the students owed). */
  credited: number;
  /** The balance before the month's first line read (and that line's date); null when no import read one. */
  opening_balance: number | null;
  opening_date: string | null;
  /** The month's debit lines (money out), each counted once whatever the imports. */
  debited: BankOverviewFigure;
  /** Opening + credits (`imported`) − debits; null without an opening balance. */
  computed_closing: number | null;
  /** The statement's own closing balance, and its line's date. */
  closing_balance: number | null;
  closing_date: string | null;
  /** Whether `computed_closing` is the statement's closing balance; null when either is missing. */
  balance_matches: boolean | null;
  received: number;
  /** The month's credits not posted yet: 0 when every credit is posted. */
  difference: number;
}
