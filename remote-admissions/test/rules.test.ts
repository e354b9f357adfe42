import { describe, expect, it } from 'vitest';
import { canChangeStatus, classStudentParams, classStudentsPath, prospectYears } from '../src/common/rules';

describe('admission screen rules', () => {
  it('lets a row change its status only while it is 0-3 (4 Diterima and 5 Tidak Diterima are final)', () => {
    expect([0, 1, 2, 3, 4, 5].map(canChangeStatus)).toEqual([true, true, true, true, false, false]);
  });

  it('offers entry years from this year + 2 down to this year - 5 (Asia/Jakarta), newest first', () => {
    // 31 December 20:00 UTC is already 1 January in Jakarta.
    expect(prospectYears(new Date('2026-12-31T20:00:00Z'))).toEqual([
      2029, 2028, 2027, 2026, 2025, 2024, 2023, 2022,
    ]);
    expect(prospectYears(new Date('2026-06-15T00:00:00Z'))[2]).toBe(2026);
  });

  it('reads the class students page parameters, and refuses the page when one is missing or wrong', () => {
    const query = (q: string) => new URLSearchParams(q);
    expect(classStudentParams('12', query('class_id=12&year_of_study=2026%2F2027&class=1A'))).toEqual({
      classId: 12,
      yearOfStudy: '2026/2027',
      className: '1A',
    });
    expect(classStudentParams('12', query('class_id=12&class=1A'))).toBeNull();
    expect(classStudentParams('12', query('class_id=12&year_of_study=2026%2F2027'))).toBeNull();
    expect(classStudentParams('12', query('year_of_study=2026%2F2027&class=1A'))).toBeNull();
    expect(classStudentParams('12', query('class_id=13&year_of_study=2026%2F2027&class=1A'))).toBeNull();
    expect(classStudentParams('x', query('class_id=x&year_of_study=a&class=b'))).toBeNull();
  });

  it('links a class to its students with the three parameters, read back the same', () => {
    const path = classStudentsPath({ id: 7, name: '2B & C', year_of_study: { name: '2026/2027' } });
    const [pathname, search] = path.split('?') as [string, string];
    expect(pathname).toBe('/class-student/7');
    expect(classStudentParams('7', new URLSearchParams(search))).toEqual({
      classId: 7,
      yearOfStudy: '2026/2027',
      className: '2B & C',
    });
  });
});
