/** What a notification did (a charge's or a fixed VA's money), in words (docs/online-payments.md, "States"). */
export const OUTCOME_LABELS: Record<string, string> = {
  received: 'Diterima, belum diproses',
  bad_signature: 'Ditolak: tanda tangan tidak valid',
  failed: 'Gagal diproses, akan dicoba lagi',
  unknown_order: 'Order tidak dikenal',
  order_mismatch: 'Order pada notifikasi berbeda',
  pending: 'Masih menunggu pembayaran',
  already_done: 'Sudah diproses sebelumnya: tidak mengubah apa pun',
  ignored: 'Tidak mengubah apa pun',
  expired: 'Kedaluwarsa',
  cancelled: 'Dibatalkan',
  denied: 'Ditolak penyedia',
  posted: 'Dibukukan sebagai pembayaran',
  credited: 'Disimpan sebagai Saldo Titipan',
};
