/**
 * Pengingat Tagihan, reminders to parents of students with overdue bills (docs/money.md#reminders,
 * docs/screens.md#pengingat-tagihan): the list's filter, its rows, what a recorded reminder says, the parent's
 * phone number as WhatsApp wants it and the one message the screen offers (editable before sending).
 */
import * as v from 'valibot';
import type { Paged } from './common';
import { PLACEMENT_QUERY_ENTRIES, pageEntries, queryChoice, queryChoiceId, requiredQueryId } from './query';
import { formatRupiah } from './rupiah';

export const REMINDERS_TITLE = 'Pengingat Tagihan';
export const REMINDERS_PAGE_SIZE = 20;

/**
 * How a reminder reached the parent: a WhatsApp message, a printed letter (Surat Tagihan), a CSV for bulk sending,
 * or a message the server sent through the configured gateway (`POST /api/bill-reminder-gateway` only).
 */
export const REMINDER_CHANNELS = ['whatsapp', 'letter', 'csv', 'gateway'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  whatsapp: 'WhatsApp',
  letter: 'Surat Tagihan',
  csv: 'CSV',
  gateway: 'Gateway',
};
/** What staff record themselves through `POST /api/bill-reminders` (a gateway reminder is queued instead). */
export const RECORDED_CHANNELS = ['whatsapp', 'letter', 'csv'] as const;

/** A gateway reminder's delivery: queued, being sent, sent, or failed after its last attempt. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Antrean',
  sending: 'Antrean',
  sent: 'Terkirim',
  failed: 'Gagal',
};

export const REMINDER_MESSAGES = {
  noneOverdue: 'Siswa tidak memiliki tagihan terlambat',
  channel: 'Saluran pengingat tidak valid',
  students: 'Pilih 1 sampai 500 siswa',
  empty: 'Tidak ada tagihan terlambat',
  noGateway: 'Gateway pengingat belum dikonfigurasi. Kirim lewat WhatsApp, CSV atau Surat Tagihan.',
  invalidPhones: 'Siswa berikut tidak memiliki nomor WhatsApp yang valid',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * An Indonesian mobile number as +62 and its digits ('0812-3456-7890', '62812…', '+62 812…' -> '+6281234567890'),
 * or null when it is not one (a landline, a foreign number, too short or long). Mobile numbers start with 8 after
 * the country code and have 9 to 12 digits after it.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const compact = raw.replace(/[\s\-().]/g, '');
  const match = /^(?:\+62|62|0)(8\d{8,11})$/.exec(compact);
  return match ? `+62${match[1]}` : null;
}

/** The WhatsApp link of a normalized number (wa.me wants the digits without '+') with the message filled in. */
export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/^\+/, '')}?text=${encodeURIComponent(message)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The message

/** A billing month 'YYYY-MM' as people read it: '2026-07' -> 'Juli 2026'. */
export const reminderMonthName = (mm: string) =>
  new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${mm}-01T00:00:00Z`),
  );

/** 'Juli 2026', 'Juli 2026 dan Agustus 2026', 'Juli 2026, Agustus 2026 dan September 2026'. */
function monthList(months: readonly string[]): string {
  const names = months.map(reminderMonthName);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} dan ${names[names.length - 1]}`;
}

export interface ReminderMessageInput {
  student_name: string;
  class_name: string;
  /** 'YYYY-MM' of the overdue bills, oldest first. */
  months: readonly string[];
  total: number;
  /** The school (branch) signing the message. */
  school_name?: string | undefined;
}

/** THE reminder message (WhatsApp, the CSV): polite, naming the student, the months and the total. */
export function reminderMessage(input: ReminderMessageInput): string {
  return [
    `Yth. Bapak/Ibu Orang Tua/Wali dari ${input.student_name} (${input.class_name}),`,
    '',
    `Dengan hormat, kami sampaikan bahwa tagihan sekolah bulan ${monthList(input.months)} sebesar ${formatRupiah(input.total)} telah melewati jatuh tempo dan belum kami terima.`,
    'Mohon kesediaan Bapak/Ibu untuk segera melakukan pembayaran. Apabila pembayaran sudah dilakukan, mohon abaikan pesan ini.',
    '',
    'Terima kasih atas perhatian dan kerja samanya.',
    ...(input.school_name ? [`Hormat kami, Bagian Keuangan ${input.school_name}`] : []),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The list and the records

/** The list's filter, shared by the letters of the same list (`department_id` is required for the list only). */
const REMINDER_FILTER_ENTRIES = {
  ...PLACEMENT_QUERY_ENTRIES,
  overdue_min: queryChoice('Keterlambatan', /^[1-9]\d{0,3}$/, Number),
  amount_min: queryChoice('Jumlah minimal', /^\d{1,12}$/, Number),
  hide_days: queryChoice('Sembunyikan yang sudah diingatkan', /^[1-9]\d{0,2}$/, Number),
};

/**
 * `GET /api/bill-reminders`: students of a department with overdue bills (at least `overdue_min` days late,
 * 1 when absent) owing at least `amount_min`, narrowed by the bills' year, period, level and class; `hide_days` leaves out
 * students reminded in the last that many days.
 */
export const BillReminderQuerySchema = v.object({
  ...REMINDER_FILTER_ENTRIES,
  department_id: requiredQueryId('Departemen'),
  // Up to 500 a page: the CSV of the whole filter is one request.
  ...pageEntries(REMINDERS_PAGE_SIZE, 500),
});
export type BillReminderQuery = v.InferOutput<typeof BillReminderQuerySchema>;

/** The Surat Tagihan (one letter per student, one page each). */
export const REMINDER_LETTER_TITLE = 'Surat Tagihan';
/** The most letters one PDF holds (a class is far fewer). */
export const MAX_REMINDER_LETTERS = 500;

/**
 * `GET /api/bill-reminder-letters-pdf`: the Surat Tagihan of one student (`student_id`) or of every student the
 * list's filter gives (a class: one PDF). Printing records nothing by itself: the screen records 'letter'.
 */
export const BillReminderLetterQuerySchema = v.object({
  ...REMINDER_FILTER_ENTRIES,
  student_id: queryChoiceId('Siswa'),
});
export type BillReminderLetterQuery = v.InferOutput<typeof BillReminderLetterQuerySchema>;

/** Where a gateway reminder is (`reminder_outbox`); null for the other channels. */
export interface ReminderDelivery {
  status: OutboxStatus;
  attempts: number;
  /** The last failure's message (cleared once sent). */
  last_error: string | null;
  sent_at: string | null;
}

/** A reminder sent or printed, as recorded. */
export interface BillReminderRecord {
  id: number;
  student_id: number;
  channel: ReminderChannel;
  /** What it named: the overdue total and months at that moment. */
  amount: number;
  months: string[];
  sent_at: string;
  sent_by: string;
  /** A gateway reminder's delivery; null for WhatsApp links, letters and CSV. */
  delivery: ReminderDelivery | null;
}

/** One student of the list. */
export interface BillReminderStudent {
  student_id: number;
  name: string;
  nis: string;
  class_name: string;
  /** Who the parent is: the emergency contact's name, else the father's or the mother's. */
  parent_name: string | null;
  /** The phone as stored (the emergency contact's). */
  phone_raw: string | null;
  /** The same as +62…, null when it is not an Indonesian mobile number (no WhatsApp link then). */
  phone: string | null;
  /** 'YYYY-MM' of the overdue bills, oldest first. */
  months: string[];
  /** What the overdue bills still owe, whole rupiah. */
  total: number;
  /** Days the oldest of them is late. */
  overdue_days: number;
  last_reminder: BillReminderRecord | null;
}
export type BillReminderPage = Paged<BillReminderStudent>;

/**
 * `POST /api/bill-reminders`: reminders sent to these students' parents through `channel`. The server records
 * what each named (the student's overdue total and months, at least `overdue_min` days late, as listed).
 */
const REMINDER_STUDENT_IDS = v.pipe(
  v.array(
    v.pipe(
      v.number(REMINDER_MESSAGES.students),
      v.integer(REMINDER_MESSAGES.students),
      v.minValue(1, REMINDER_MESSAGES.students),
      v.maxValue(2_147_483_647, REMINDER_MESSAGES.students),
    ),
    REMINDER_MESSAGES.students,
  ),
  v.minLength(1, REMINDER_MESSAGES.students),
  v.maxLength(500, REMINDER_MESSAGES.students),
);

const REMINDER_OVERDUE_MIN = v.optional(
  v.pipe(
    v.number('Keterlambatan tidak valid'),
    v.integer('Keterlambatan tidak valid'),
    v.minValue(1, 'Keterlambatan tidak valid'),
    v.maxValue(9999, 'Keterlambatan tidak valid'),
  ),
);

export const BillReminderCreateSchema = v.object({
  channel: v.picklist(RECORDED_CHANNELS, REMINDER_MESSAGES.channel),
  student_ids: REMINDER_STUDENT_IDS,
  overdue_min: REMINDER_OVERDUE_MIN,
});
export type BillReminderCreate = v.InferOutput<typeof BillReminderCreateSchema>;

/** The answer of `POST /api/bill-reminders`: one record per student. */
export interface BillReminderCreated {
  reminders: BillReminderRecord[];
}

/** `GET /api/bill-reminder-gateway`: whether a gateway is configured (the screen offers "Kirim via Gateway" then). */
export interface ReminderGateway {
  configured: boolean;
}

/**
 * `POST /api/bill-reminder-gateway`: queue a reminder to each of these students' parents through the gateway. The
 * server writes the message (`reminderMessage`, signed by the branch) and records a 'gateway' reminder per student
 * with its outbox row, in one transaction; every student needs a valid mobile number. Answers 201
 * `BillReminderCreated`, each record's delivery 'queued'.
 */
export const ReminderGatewaySendSchema = v.object({
  student_ids: REMINDER_STUDENT_IDS,
  overdue_min: REMINDER_OVERDUE_MIN,
});
export type ReminderGatewaySend = v.InferOutput<typeof ReminderGatewaySendSchema>;

/** The most reminders `GET /api/bill-reminders/student/{id}` answers (the newest). */
export const STUDENT_REMINDERS_LIMIT = 100;

/** `GET /api/bill-reminders/student/{id}`: the student's reminders, newest first (Riwayat Pengingat). */
export interface StudentReminders {
  reminders: BillReminderRecord[];
}

/** The section of Tagihan Siswa and the bill detail that lists them. */
export const REMINDER_HISTORY_TITLE = 'Riwayat Pengingat';
export const REMINDER_HISTORY_EMPTY = 'Belum pernah diingatkan';

/** The screen (remote-billing), under Laporan in the menu. */
export const BILL_REMINDERS_PATH = '/pengingat-tagihan';
