import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defaultStatementPeriod, StatementQuerySchema, statementPeriod } from '../src/contract/statement';

describe("the statement's period", () => {
  it('starts on 1 July of the school year: this year from July, last year until June', () => {
    expect(defaultStatementPeriod('2026-07-01')).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(defaultStatementPeriod('2026-12-31')).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(defaultStatementPeriod('2027-06-30')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
  });

  it('fills in a missing end, moving it along when the other end is past it', () => {
    const today = '2026-11-26';
    expect(statementPeriod(today, {})).toEqual({ from: '2026-07-01', to: today });
    expect(statementPeriod(today, { date_from: '2026-01-01' })).toEqual({ from: '2026-01-01', to: today });
    expect(statementPeriod(today, { date_from: '2027-01-05' })).toEqual({
      from: '2027-01-05',
      to: '2027-01-05',
    });
    expect(statementPeriod(today, { date_to: '2026-03-31' })).toEqual({
      from: '2026-03-31',
      to: '2026-03-31',
    });
  });

  it('refuses a day that does not exist and an end before the start, on the field concerned', () => {
    const issues = (query: object) => {
      const result = v.safeParse(StatementQuerySchema, { student_id: '5', ...query });
      return result.success ? {} : v.flatten(result.issues).nested;
    };
    expect(issues({ date_from: '2026-02-30' })).toEqual({ date_from: ['Tanggal awal tidak valid'] });
    expect(issues({ date_from: '2026-02-01', date_to: '2026-01-31' })).toEqual({
      date_to: ['Tanggal akhir tidak boleh sebelum tanggal awal'],
    });
    expect(v.parse(StatementQuerySchema, { student_id: '5', date_from: '', date_to: '' })).toEqual({
      student_id: 5,
      date_from: undefined,
      date_to: undefined,
    });
  });
});
