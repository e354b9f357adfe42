import {
  apiDelete,
  apiErrorText,
  notifyError,
  notifySuccess,
  type ToastOptions,
} from '@keuangan/shared/core';
import { Input, Modal } from 'antd';
import { type ReactNode, useId, useState } from 'react';

/**
 * The shared dialog's modes: the five of docs/screens.md and billing's three
 * (confirming bills, withdrawing a confirmation, paying).
 */
export type ConfirmMode =
  | 'delete'
  | 'student-fee'
  | 'student-billing'
  | 'student-fee-copy'
  | 'delete-batch'
  | 'billing-confirm'
  | 'billing-unconfirm'
  | 'payment'
  | 'cash-close'
  | 'cash-reopen'
  | 'cash-deposit'
  | 'embed-revoke'
  | 'reminder-gateway'
  | 'discount-void'
  | 'discount-apply'
  | 'category-end'
  | 'instalment-plan-deactivate'
  | 'instalment-apply'
  | 'instalment-cancel'
  | 'bank-post'
  | 'bank-replace'
  | 'books-close'
  | 'books-reopen'
  | 'books-account-deactivate'
  | 'online-settings'
  | 'credit-spend'
  | 'fixed-va-close';

interface ModeText {
  title: string;
  message: (name: string) => string;
  confirmText: string;
  danger: boolean;
}

/** Title, message and confirm button per mode; 'delete' and 'payment' are the fixed wording, the rest is ours. */
const MODE_TEXT: Record<ConfirmMode, ModeText> = {
  delete: {
    title: 'Konfirmasi',
    message: (name) => `Apakah Anda yakin untuk menghapus data ${name} ?`,
    confirmText: 'Ya',
    danger: true,
  },
  'student-fee': {
    title: 'Generate Komponen',
    message: () => 'Apakah Anda yakin untuk generate komponen biaya siswa sesuai filter yang dipilih?',
    confirmText: 'Ya',
    danger: false,
  },
  'student-billing': {
    title: 'Membebankan Komponen Pada Siswa',
    message: () =>
      'Apakah Anda yakin untuk membebankan komponen biaya pada siswa sesuai filter yang dipilih?',
    confirmText: 'Bebankan',
    danger: false,
  },
  'student-fee-copy': {
    title: 'Copy Data Bulan Lalu',
    message: () => 'Apakah Anda yakin untuk menyalin komponen biaya bulan sebelumnya ke bulan yang dipilih?',
    confirmText: 'Ya',
    danger: false,
  },
  'delete-batch': {
    title: 'Konfirmasi',
    message: () => 'Apakah Anda yakin untuk menghapus item yang terpilih ?',
    confirmText: 'Ya',
    danger: true,
  },
  'billing-confirm': {
    title: 'Konfirmasi Billing',
    message: () => 'Apakah Anda yakin untuk mengkonfirmasi billing ini ?',
    confirmText: 'Ya',
    danger: false,
  },
  'billing-unconfirm': {
    title: 'Batalkan Konfirmasi',
    message: () =>
      'Semua pembayaran billing ini akan dibatalkan (void) dan tidak lagi dihitung dalam total. Lanjutkan?',
    confirmText: 'Ya, Batalkan Konfirmasi',
    danger: true,
  },
  'cash-close': {
    title: 'Tutup Kas',
    message: (name) =>
      `Tutup kas ${name}? Angka rekap dibekukan, dan pembayarannya tidak dapat dibatalkan sampai manajer keuangan membuka kembali.`,
    confirmText: 'Tutup Kas',
    danger: false,
  },
  'cash-reopen': {
    title: 'Buka Kembali Kas',
    message: (name) => `Buka kembali kas ${name}? Rekap yang ditutup tetap tersimpan.`,
    confirmText: 'Buka Kembali',
    danger: true,
  },
  'cash-deposit': {
    title: 'Setoran Bank',
    message: (name) => `Catat setoran ${name}? Setoran yang dicatat tidak dapat diubah.`,
    confirmText: 'Simpan Setoran',
    danger: false,
  },
  'embed-revoke': {
    title: 'Cabut Token Integrasi',
    message: (name) => `Cabut token ${name}? Modul yang memakainya langsung tidak dapat menampilkan billing.`,
    confirmText: 'Cabut',
    danger: true,
  },
  'reminder-gateway': {
    title: 'Kirim via Gateway',
    message: (name) =>
      `Kirim ${name} pengingat melalui gateway? Server mengirim pesannya ke nomor WhatsApp orang tua dan mencatatnya.`,
    confirmText: 'Kirim',
    danger: false,
  },
  'discount-void': {
    title: 'Batalkan Aturan Potongan',
    message: (name) =>
      `Batalkan aturan ${name}? Aturan tidak lagi memberi potongan; potongan yang sudah diberikan tetap.`,
    confirmText: 'Batalkan Aturan',
    danger: true,
  },
  'discount-apply': {
    title: 'Terapkan ke tagihan yang belum dibayar',
    message: (name) => `Terapkan aturan ${name} ke tagihan yang belum dibayar?`,
    confirmText: 'Terapkan',
    danger: false,
  },
  'category-end': {
    title: 'Akhiri Kategori Siswa',
    message: (name) =>
      `Akhiri kategori ${name}? Aturan potongan kategori ini tidak lagi berlaku untuk siswa ini.`,
    confirmText: 'Akhiri',
    danger: true,
  },
  'instalment-plan-deactivate': {
    title: 'Nonaktifkan Rencana Cicilan',
    message: (name) =>
      `Nonaktifkan rencana ${name}? Rencana tidak dapat dipilih lagi; cicilan yang sudah dibuat darinya tetap berlaku.`,
    confirmText: 'Nonaktifkan',
    danger: true,
  },
  'instalment-apply': {
    title: 'Atur Cicilan',
    message: (name) => `Atur cicilan ${name} seperti di atas?`,
    confirmText: 'Simpan Cicilan',
    danger: false,
  },
  'bank-post': {
    title: 'Posting Mutasi Bank',
    message: (name) => `Posting mutasi ${name} sebagai pembayaran Transfer?`,
    confirmText: 'Ya, Posting',
    danger: false,
  },
  'bank-replace': {
    title: 'Ganti Pembagian',
    message: (name) => `Ganti pembagian mutasi ${name}? Pembagian sebelumnya disimpan sebagai ditarik.`,
    confirmText: 'Ya, Ganti',
    danger: false,
  },
  'instalment-cancel': {
    title: 'Batalkan Cicilan',
    message: (name) =>
      `Batalkan cicilan ${name}? Komponen kembali dibayar sekaligus; pembayaran tetap berlaku.`,
    confirmText: 'Ya, Batalkan Cicilan',
    danger: true,
  },
  payment: {
    title: 'Konfirmasi Pembayaran',
    message: () => 'Apakah Anda yakin untuk membayar billing ini ?',
    confirmText: 'Ya',
    danger: false,
  },
  'books-close': {
    title: 'Tutup Buku',
    message: (name) =>
      `Tutup buku ${name}? Setelah ditutup, tidak ada transaksi yang dapat dicatat bertanggal di bulan itu sampai manajer keuangan membukanya kembali.`,
    confirmText: 'Tutup Buku',
    danger: false,
  },
  'books-reopen': {
    title: 'Buka Kembali Buku',
    message: (name) => `Buka kembali buku ${name}? Alasan dicatat di log audit.`,
    confirmText: 'Buka Kembali',
    danger: true,
  },
  'books-account-deactivate': {
    title: 'Nonaktifkan Akun',
    message: (name) =>
      `Nonaktifkan akun ${name}? Jurnalnya tetap tersimpan; akun tidak dapat dipetakan sampai diaktifkan kembali.`,
    confirmText: 'Nonaktifkan',
    danger: true,
  },
  'online-settings': {
    title: 'Simpan Pengaturan Pembayaran Online',
    message: () =>
      'Tagihan online baru cabang ini memakai penyedia dan kanal yang dipilih; tagihan online yang masih terbuka tidak berubah. Simpan?',
    confirmText: 'Simpan',
    danger: false,
  },
  'credit-spend': {
    title: 'Gunakan Saldo Titipan',
    message: (name) =>
      `Bayar ${name} dari Saldo Titipan siswa ini untuk tagihan yang dicentang, mulai dari yang paling lama jatuh tempo?`,
    confirmText: 'Ya, Gunakan',
    danger: false,
  },
  'fixed-va-close': {
    title: 'Tutup VA Tetap',
    message: (name) =>
      `Tutup VA tetap ${name}? Nomor ini tidak lagi menerima transfer; uang yang masih masuk tetap dicatat dan ditandai untuk diperiksa. VA tetap baru dapat dibuat sesudahnya.`,
    confirmText: 'Tutup VA',
    danger: true,
  },
};

export interface ConfirmDialogProps {
  open: boolean;
  mode: ConfirmMode;
  /** What is acted on, for the 'delete' and the cash modes' messages. */
  name?: string;
  /** Replaces the mode's message (e.g. the payment confirmation). */
  message?: ReactNode;
  /**
   * Asks why (a void, a removal): a text field with this label under the message; what is typed goes to
   * `onConfirm` (trimmed, '' when nothing). Optional: the server records its default reason then.
   */
  reasonLabel?: string;
  /**
   * The action. While its promise runs, the confirm button shows a spinner and the dialog cannot
   * be dismissed. Close the dialog (set `open` false) and report errors yourself, inside it.
   */
  onConfirm: (reason: string) => unknown;
  onCancel: () => void;
}

/** The longest reason the API keeps. */
const REASON_MAX = 500;

/**
 * The one confirmation dialog: 'Batal' and 'Ya' (or the mode's verb). antd's Modal gives focus
 * trapping, Escape to cancel and focus back to the opener on close. The focus starts on the confirm
 * button, so Enter confirms (a cashier at the keyboard), except in the destructive modes, where it starts
 * on Batal.
 */
export function ConfirmDialog({
  open,
  mode,
  name = '',
  message,
  reasonLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const text = MODE_TEXT[mode];

  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm(reason.trim());
    } catch {
      // The caller reports its own failures (toast); here only the spinner must stop.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={text.title}
      okText={text.confirmText}
      cancelText="Batal"
      okButtonProps={{ danger: text.danger, loading: running, autoFocus: !text.danger }}
      cancelButtonProps={{ disabled: running, autoFocus: text.danger }}
      closable={!running}
      keyboard={!running}
      mask={{ closable: !running }}
      onOk={confirm}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <div>{message ?? <p>{text.message(name)}</p>}</div>
      {reasonLabel ? (
        <>
          <label htmlFor={reasonId}>{reasonLabel}</label>
          <Input
            id={reasonId}
            value={reason}
            maxLength={REASON_MAX}
            disabled={running}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      ) : null}
    </Modal>
  );
}

/**
 * Delete after confirmation: `target` opens the dialog ('Apakah Anda yakin untuk menghapus data {name} ?');
 * Ya deletes `url` and says 'Data berhasil dihapus' (centred, as docs/validation.md has it, unless `toast`
 * says otherwise), or shows the server's reason ('Error'). Either way the dialog closes; `onDeleted` runs
 * after a success (reload the list).
 */
export function DeleteDialog({
  target,
  onClose,
  onDeleted,
  toast = { centered: true },
}: {
  target: { url: string; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
  toast?: ToastOptions;
}) {
  const remove = async () => {
    if (!target) return;
    try {
      await apiDelete(target.url);
      notifySuccess('Data berhasil dihapus', toast);
      onDeleted();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      mode="delete"
      name={target?.name}
      onConfirm={remove}
      onCancel={onClose}
    />
  );
}
