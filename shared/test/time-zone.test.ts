import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { dateIn, TIME_ZONES, TimeZoneSchema, timeZoneLabel } from '../src/contract';
import { schoolToday, selectTimeZone, sessionStore } from '../src/session';
import { makeUser } from './fixtures';

const inBranchOf = (time_zone: (typeof TIME_ZONES)[number]) =>
  sessionStore.setState({
    user: makeUser(['finance'], { active_branch: { id: 1, name: 'Cabang', time_zone } }),
  });

describe("the school's today (the active branch's time zone)", () => {
  afterEach(() => sessionStore.setState({ user: null }));

  // 16:30 UTC on 31 December: 23:30 WIB, but 00:30 WITA and 01:30 WIT on 1 January.
  const newYearsEve = new Date('2026-12-31T16:30:00Z');

  it('dateIn: the date of an instant in each zone, Jakarta by default', () => {
    expect(dateIn(undefined, newYearsEve)).toBe('2026-12-31');
    expect(dateIn('Asia/Jakarta', newYearsEve)).toBe('2026-12-31');
    expect(dateIn('Asia/Makassar', newYearsEve)).toBe('2027-01-01');
    expect(dateIn('Asia/Jayapura', newYearsEve)).toBe('2027-01-01');
    // 00:30 WIB is still the day before in UTC (the server's or a browser's zone).
    expect(dateIn('Asia/Jakarta', new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-26');
  });

  it("schoolToday follows the signed-in user's active branch; Jakarta before anyone is signed in", () => {
    expect(selectTimeZone(sessionStore.getState())).toBe('Asia/Jakarta');
    expect(schoolToday(newYearsEve)).toBe('2026-12-31');
    inBranchOf('Asia/Jayapura');
    expect(selectTimeZone(sessionStore.getState())).toBe('Asia/Jayapura');
    expect(schoolToday(newYearsEve)).toBe('2027-01-01');
    inBranchOf('Asia/Jakarta');
    expect(schoolToday(newYearsEve)).toBe('2026-12-31');
  });

  it('labels WIB, WITA, WIT; the schema takes those three zones only', () => {
    expect(TIME_ZONES.map(timeZoneLabel)).toEqual(['WIB', 'WITA', 'WIT']);
    expect(timeZoneLabel(undefined)).toBe('WIB');
    expect(v.is(TimeZoneSchema, 'Asia/Makassar')).toBe(true);
    expect(v.is(TimeZoneSchema, 'Asia/Singapore')).toBe(false);
  });
});
