import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { assignSchema, sharesLeft } from '../src/bank/assign';

const messages = (result: v.SafeParseResult<ReturnType<typeof assignSchema>>) =>
  (result.issues ?? []).map((i) => i.message);

describe('a bank line assigned by hand', () => {
  it('splits 1.250.000 over two siblings as typed with dots', () => {
    const result = v.safeParse(assignSchema(1_250_000), {
      shares: [
        { student_id: 7, amount: '750.000' },
        { student_id: 8, amount: '500.000' },
      ],
    });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      allocations: [
        { student_id: 7, amount: 750_000 },
        { student_id: 8, amount: 500_000 },
      ],
    });
  });

  it('refuses shares not adding up to the line, a student twice and a row without a student', () => {
    const short = v.safeParse(assignSchema(1_250_000), {
      shares: [
        { student_id: 7, amount: '750.000' },
        { student_id: 8, amount: '400.000' },
      ],
    });
    expect(messages(short)).toEqual(['Jumlah pembagian harus sama dengan nominal mutasi (Rp 1.250.000)']);
    const twice = v.safeParse(assignSchema(1_000), {
      shares: [
        { student_id: 7, amount: '500' },
        { student_id: 7, amount: '500' },
      ],
    });
    expect(messages(twice)).toContain('Setiap siswa hanya sekali dalam satu mutasi');
    const nobody = v.safeParse(assignSchema(1_000), { shares: [{ student_id: null, amount: '1.000' }] });
    expect(messages(nobody)).toEqual(['Pilih siswa']);
  });

  it('shows what is left to share, negative when the shares are too much', () => {
    expect(sharesLeft(1_250_000, [{ amount: '750.000' }])).toBe(500_000);
    expect(sharesLeft(1_250_000, [{ amount: '750.000' }, { amount: '600.000' }])).toBe(-100_000);
    expect(sharesLeft(1_000, [{ amount: 'abc' }, undefined])).toBe(1_000);
  });
});
