/** Log Audit's Perubahan and Entitas in words, as the screen and the download show them (docs/roles.md). */
import { describe, expect, it } from 'vitest';
import { auditChangeText, auditEntityText } from '../src/contract/audit';

describe('auditChangeText', () => {
  it('names each changed field in Indonesian, old → new, money as rupiah, lists joined', () => {
    expect(
      auditChangeText({
        before: { phone: null, roles: ['academic'] },
        after: { phone: '0812222', roles: ['academic', 'finance'] },
      }),
    ).toBe('No. Handphone: - → 0812222; Peran: Staf Akademik → Staf Akademik, Staf Keuangan');
    expect(auditChangeText({ before: { payment_number: 'KW-1', amount: 1250000 }, after: null })).toBe(
      'No. Kuitansi: KW-1; Jumlah: Rp 1.250.000',
    );
  });

  it('shows nested figures and payment types in words, never JSON', () => {
    const text = auditChangeText({
      before: null,
      after: { total: { count: 2, amount: 300000 }, ptype: 4, active: false },
    });
    expect(text).toBe('Total: (Jumlah Data 2, Jumlah Rp 300.000); Jenis Pembayaran: Transfer; Aktif: Tidak');
    expect(text).not.toMatch(/[{}"[\]]/);
    expect(auditChangeText({ before: null, after: null })).toBe('');
  });
});

describe('auditEntityText', () => {
  it('names the entity in Indonesian with its id; an unknown one as stored', () => {
    expect(auditEntityText({ entity: 'employee', entity_id: 12 })).toBe('Pegawai #12');
    expect(auditEntityText({ entity: 'cash_closing', entity_id: null })).toBe('Tutup kas');
    expect(auditEntityText({ entity: 'other', entity_id: 3 })).toBe('other #3');
  });
});
