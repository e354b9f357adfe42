/**
 * Matching a credit line to students, with reasons (docs/bank-reconciliation.md "Matching"), and spreading a
 * posted share over a student's items oldest due first, instalments by their own dates ("Posting").
 */
import { describe, expect, it } from 'vitest';
import {
  isConfident,
  type MatchStudent,
  matchLine,
  nameSimilarity,
  normaliseName,
} from '../src/bank-reconciliation/match';
import { allocateShare, assertSharesMatch } from '../src/bank-reconciliation/rules';

const student = (over: Partial<MatchStudent> & { id: number; name: string }): MatchStudent => ({
  nis: '0000',
  parents: [],
  bills: [],
  ...over,
});

const BUDI = student({
  id: 1,
  name: 'Andi Santoso',
  nis: '1001',
  parents: ['Budi Santoso', 'Siti Aminah'],
  bills: [
    { bill_number: 'BL-1', owing: 350_000, due_date: '2026-10-10' },
    { bill_number: 'BL-2', owing: 900_000, due_date: '2026-11-10' },
  ],
});
const OTHER = student({ id: 2, name: 'Rina Wulandari', nis: '2002', parents: ['Joko Widodo'] });
const STUDENTS = [BUDI, OTHER];
const line = (description: string, amount = 1_250_000, line_date = '2026-11-05') => ({
  description,
  amount,
  line_date,
});

describe('names', () => {
  it('normalises case, spaces, punctuation and titles', () => {
    expect(normaliseName('Bpk.  BUDI   santoso')).toBe('budi santoso');
    expect(normaliseName('IBU Siti-Aminah')).toBe('siti aminah');
    expect(normaliseName('Sdr. Andi')).toBe('andi');
  });

  it('tolerates a typo, not another name', () => {
    expect(nameSimilarity('Budi Santoso', 'TRF BPK BUDI SANTOS0 SPP')).toBeGreaterThan(0.9);
    expect(nameSimilarity('Budi Santoso', 'TRSF E-BANKING CR BUDY SANTOSO')).toBeGreaterThan(0.85);
    expect(nameSimilarity('Budi Santoso', 'TRANSFER JOKO WIDODO')).toBeLessThan(0.6);
  });
});

describe('candidates and reasons', () => {
  it('NIS in the description and the whole open amount: Cocok', () => {
    const [first] = matchLine(line('TRANSFER NIS 1001 SPP'), STUDENTS);
    expect(first).toMatchObject({ student_id: 1, confidence: 100 });
    expect(first?.reason).toContain('NIS 1001 tertulis di keterangan');
    expect(first?.reason).toContain('seluruh tagihan terbuka');
    expect(isConfident(matchLine(line('TRANSFER NIS 1001 SPP'), STUDENTS))).toBe(true);
  });

  it('a VA ending with the NIS', () => {
    const [first] = matchLine(line('VA 88810001001', 5), STUDENTS);
    expect(first?.reason).toMatch(/nomor VA 88810001001 berakhiran NIS 1001/i);
  });

  it("a parent's name with a title and other case, and the amount of one bill", () => {
    const [first] = matchLine(line('TRF dari Ibu SITI aminah', 900_000, '2026-11-20'), STUDENTS);
    expect(first?.student_id).toBe(1);
    expect(first?.reason).toContain('Nama orang tua Siti Aminah tertulis di keterangan');
    expect(first?.reason).toContain('tagihan BL-2');
    expect(first?.confidence).toBeGreaterThanOrEqual(70);
  });

  it('a name with a typo and nothing else waits (Belum Cocok)', () => {
    const found = matchLine(line('TRF BUDI SANTOS', 123_456, '2026-06-01'), STUDENTS);
    expect(found[0]?.reason).toMatch(/mirip/);
    expect(isConfident(found)).toBe(false);
  });

  it('kode unik: the bills plus a few rupiah', () => {
    const [first] = matchLine(line('BUDI SANTOSO', 1_250_123), STUDENTS);
    expect(first?.reason).toContain('kode unik 123');
  });

  it('several bills summing to the amount, and the date near a due date', () => {
    const found = matchLine(line('NIS 1001', 350_000, '2026-10-12'), STUDENTS);
    expect(found[0]?.reason).toContain('tagihan BL-1');
    expect(found[0]?.reason).toContain('dekat jatuh tempo 2026-10-10');
  });

  it('a line that names nobody has no candidate', () => {
    expect(matchLine(line('SETORAN TUNAI'), STUDENTS)).toEqual([]);
    expect(isConfident([])).toBe(false);
  });
});

describe('a share over the items', () => {
  const items = [
    { id: 11, bill_id: 2, rest: 500_000, paid: 0, due_date: '2026-11-10' },
    { id: 10, bill_id: 1, rest: 300_000, paid: 0, due_date: '2026-10-10' },
    {
      id: 12,
      bill_id: 1,
      rest: 900_000,
      paid: 100_000,
      due_date: '2026-10-01',
      instalments: [
        { seq: 1, amount: 400_000, due_date: '2026-10-01' },
        { seq: 2, amount: 300_000, due_date: '2026-12-01' },
        { seq: 3, amount: 300_000, due_date: '2027-01-01' },
      ],
    },
  ];

  it('oldest due first, an instalment by its own date', () => {
    const { byBill: lines, excess } = allocateShare(items, 1_200_000);
    expect(excess).toBe(0);
    // 300k owing on instalment 1 (Oct 1), item 10 (Oct 10), item 11 (Nov 10) then instalment 2 (Dec 1): 100k.
    expect(lines.get(1)).toEqual([
      { id: 10, payment_amount: 300_000 },
      { id: 12, payment_amount: 400_000 },
    ]);
    expect(lines.get(2)).toEqual([{ id: 11, payment_amount: 500_000 }]);
  });

  it('more than owed pays everything owed and leaves the rest as excess; nothing owed is refused', () => {
    const { byBill, excess } = allocateShare(items, 1_700_001);
    expect(excess).toBe(1);
    const paid = [...byBill.values()].flat().reduce((sum, l) => sum + l.payment_amount, 0);
    expect(paid).toBe(1_700_000);
    expect(() => allocateShare([], 1)).toThrow(/tidak memiliki tagihan terbuka/);
  });

  it('shares must add up to the line', () => {
    expect(() => assertSharesMatch(100, [{ amount: 60 }, { amount: 30 }])).toThrow(/harus sama/);
    expect(() => assertSharesMatch(100, [{ amount: 60 }, { amount: 40 }])).not.toThrow();
  });
});
