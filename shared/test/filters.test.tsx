import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryYearWithData } from '../src/contract';
import {
  ADMISSION_SOURCES,
  ALL,
  CascadeFilterBar,
  type CascadeValues,
  cascadeChange,
  chosenParams,
  isCascadeComplete,
  jakartaDate,
  jakartaYear,
  monthOptions,
  prospectFilterOptions,
  resetsOf,
  useCascadeFilter,
} from '../src/filters';
import { sessionStore } from '../src/session';
import { type FakeAnswer, installFakeApi, type RecordedRequest } from './fake-api';
import { makeUser } from './fixtures';

describe('month options of a period', () => {
  it('starts at the start month when the period starts on or before the 14th, else the month after', () => {
    expect(monthOptions('2026-03-14', '2026-05-31').map((m) => m.value)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(monthOptions('2026-03-15', '2026-05-31').map((m) => m.value)).toEqual(['2026-04', '2026-05']);
  });

  it('ends at the end month when the period ends on or after the 14th, else the month before', () => {
    expect(monthOptions('2026-03-01', '2026-05-14').map((m) => m.value)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(monthOptions('2026-03-01', '2026-05-13').map((m) => m.value)).toEqual(['2026-03', '2026-04']);
  });

  it('crosses a year end, with Indonesian labels', () => {
    expect(monthOptions('2026-11-20', '2027-02-10')).toEqual([
      { value: '2026-12', label: 'Desember 2026' },
      { value: '2027-01', label: 'Januari 2027' },
    ]);
    expect(monthOptions('2026-07-01', '2026-12-31').map((m) => m.label)).toEqual([
      'Juli 2026',
      'Agustus 2026',
      'September 2026',
      'Oktober 2026',
      'November 2026',
      'Desember 2026',
    ]);
  });

  it('offers nothing for a period too short to hold a month', () => {
    expect(monthOptions('2026-03-20', '2026-04-10')).toEqual([]);
  });
});

const full: CascadeValues = {
  department_id: 1,
  year_of_study_id: 11,
  yos_periode_id: 111,
  level_id: 101,
  class_id: 1001,
  mm: '2026-08',
};

describe('filter cascade resets (docs/data.md)', () => {
  it('changing the department resets everything below it', () => {
    expect(resetsOf('department_id')).toEqual([
      'year_of_study_id',
      'yos_periode_id',
      'level_id',
      'class_id',
      'mm',
    ]);
    expect(cascadeChange(full, 'department_id', 2)).toEqual({
      department_id: 2,
      year_of_study_id: undefined,
      yos_periode_id: undefined,
      level_id: undefined,
      class_id: undefined,
      mm: undefined,
    });
  });

  it('changing the year resets period, class and month, and keeps the level', () => {
    expect(cascadeChange(full, 'year_of_study_id', 10)).toEqual({
      department_id: 1,
      year_of_study_id: 10,
      yos_periode_id: undefined,
      level_id: 101,
      class_id: undefined,
      mm: undefined,
    });
  });

  it('changing the period resets the month; the level resets the class; class and month reset nothing', () => {
    expect(cascadeChange(full, 'yos_periode_id', 112)).toEqual({
      ...full,
      yos_periode_id: 112,
      mm: undefined,
    });
    expect(cascadeChange(full, 'level_id', 102)).toEqual({ ...full, level_id: 102, class_id: undefined });
    expect(cascadeChange(full, 'class_id', 1002)).toEqual({ ...full, class_id: 1002 });
    expect(cascadeChange(full, 'mm', '2026-09')).toEqual({ ...full, mm: '2026-09' });
  });

  it('choosing the same value again keeps everything', () => {
    expect(cascadeChange(full, 'department_id', 1)).toBe(full);
  });

  it("resets to 'Semua' where the list offers it (billing), else to not chosen", () => {
    const billing = ['yos_periode_id', 'level_id', 'class_id', 'mm'] as const;
    expect(cascadeChange(full, 'department_id', 2, billing)).toEqual({
      department_id: 2,
      year_of_study_id: undefined,
      yos_periode_id: ALL,
      level_id: ALL,
      class_id: ALL,
      mm: ALL,
    });
  });

  it("is complete when all six are chosen, 'Semua' included", () => {
    expect(isCascadeComplete(full)).toBe(true);
    expect(isCascadeComplete({ ...full, mm: ALL })).toBe(true);
    expect(isCascadeComplete({ ...full, class_id: undefined })).toBe(false);
    expect(isCascadeComplete({ ...full, mm: null })).toBe(false);
  });
});

/** Reference lists of one branch: SD with two years, two levels, two periods, two classes per level. */
function installReferenceApi() {
  return installFakeApi({
    'GET /api/ref-department-getall': {
      body: [
        { id: 1, name: 'SD', sequence: 1 },
        { id: 2, name: 'SMP', sequence: 2 },
      ],
    },
    'GET /api/ref-year-of-study-getall': ({ params }) => ({
      body:
        params.department_id === 1
          ? [
              {
                id: 11,
                name: '2026/2027',
                department_id: 1,
                start_date: '2026-07-01',
                end_date: '2027-06-30',
              },
              {
                id: 10,
                name: '2025/2026',
                department_id: 1,
                start_date: '2025-07-01',
                end_date: '2026-06-30',
              },
            ]
          : [
              {
                id: 21,
                name: '2026/2027',
                department_id: 2,
                start_date: '2026-07-01',
                end_date: '2027-06-30',
              },
            ],
    }),
    'GET /api/ref-level-getall': ({ params }) => ({
      body:
        params.department_id === 1
          ? [
              { id: 101, name: 'Kelas 1', department_id: 1, sequence: 1 },
              { id: 102, name: 'Kelas 2', department_id: 1, sequence: 2 },
            ]
          : [{ id: 201, name: 'Kelas 7', department_id: 2, sequence: 1 }],
    }),
    'GET /api/ref-yos-periode-getall': ({ params }) => ({
      body: [
        {
          id: Number(params.year_of_study_id) * 10 + 1,
          year_of_study_id: params.year_of_study_id,
          periode_id: 1,
          start_date: '2026-07-01',
          end_date: '2026-12-31',
          periode: { name: 'Semester Ganjil' },
        },
        {
          id: Number(params.year_of_study_id) * 10 + 2,
          year_of_study_id: params.year_of_study_id,
          periode_id: 2,
          start_date: '2027-01-01',
          end_date: '2027-06-30',
          periode: { name: 'Semester Genap' },
        },
      ],
    }),
    'GET /api/ref-class-getall': ({ params }) => {
      const all = [
        { id: 1001, name: '1A', level_id: 101 },
        { id: 1002, name: '1B', level_id: 101 },
        { id: 1021, name: '2A', level_id: 102 },
      ];
      return { body: all.filter((c) => params.level_id === undefined || c.level_id === params.level_id) };
    },
  });
}

const calls = (requests: RecordedRequest[], url: string) => requests.filter((r) => r.url === url);

describe('useCascadeFilter', () => {
  afterEach(() => {
    sessionStorage.clear();
    sessionStore.setState({ user: null });
  });

  it('loads each list when its parents are chosen and reloads it when they change', async () => {
    const requests = installReferenceApi();
    const { result } = renderHook(() => useCascadeFilter({ storageKey: 'test' }));
    await waitFor(() => expect(result.current.options.department_id).toHaveLength(2));
    expect(result.current.ready.year_of_study_id).toBe(false);
    expect(calls(requests, '/api/ref-year-of-study-getall')).toHaveLength(0);

    act(() => result.current.set('department_id', 1));
    await waitFor(() => expect(result.current.options.level_id).toHaveLength(2));
    expect(result.current.options.year_of_study_id.map((o) => o.label)).toEqual(['2026/2027', '2025/2026']);
    expect(calls(requests, '/api/ref-level-getall')[0]?.params).toEqual({ department_id: 1 });

    act(() => result.current.set('year_of_study_id', 11));
    act(() => result.current.set('level_id', 101));
    await waitFor(() => expect(result.current.options.class_id.map((o) => o.label)).toEqual(['1A', '1B']));
    expect(calls(requests, '/api/ref-class-getall').at(-1)?.params).toEqual({
      department_id: 1,
      year_of_study_id: 11,
      level_id: 101,
    });
    act(() => result.current.set('yos_periode_id', 111));
    await waitFor(() => expect(result.current.options.mm).toHaveLength(6));
    expect(result.current.options.mm[0]).toEqual({ value: '2026-07', label: 'Juli 2026' });
    act(() => result.current.set('class_id', 1001));
    act(() => result.current.set('mm', '2026-08'));
    expect(result.current.complete).toBe(true);
    expect(result.current.applied).toBeNull();
    act(() => result.current.apply());
    expect(result.current.applied).toEqual(full);

    // The period's second semester: month options rebuilt, month reset; the shown list stays.
    act(() => result.current.set('yos_periode_id', 112));
    expect(result.current.values.mm).toBeUndefined();
    expect(result.current.options.mm.map((o) => o.value)).toEqual([
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
    ]);
    expect(result.current.complete).toBe(false);
    expect(result.current.applied).toEqual(full);

    // Another department: years and levels reload for it, everything below is reset.
    act(() => result.current.set('department_id', 2));
    expect(result.current.values).toMatchObject({
      department_id: 2,
      year_of_study_id: undefined,
      level_id: undefined,
    });
    await waitFor(() => expect(result.current.options.level_id.map((o) => o.label)).toEqual(['Kelas 7']));
    expect(calls(requests, '/api/ref-level-getall').at(-1)?.params).toEqual({ department_id: 2 });
  });

  it('keeps the filter per screen and branch across a remount, shown at once when complete', async () => {
    installReferenceApi();
    sessionStore.setState({ user: makeUser() });
    sessionStorage.setItem('keuangan.filter.test.1', JSON.stringify(full));
    const first = renderHook(() => useCascadeFilter({ storageKey: 'test' }));
    expect(first.result.current.values).toEqual(full);
    expect(first.result.current.applied).toEqual(full);
    await waitFor(() => expect(first.result.current.options.mm).toHaveLength(6));
    act(() => first.result.current.set('class_id', 1002));
    first.unmount();

    const second = renderHook(() => useCascadeFilter({ storageKey: 'test' }));
    expect(second.result.current.values).toEqual({ ...full, class_id: 1002 });
    // Another branch has its own.
    sessionStore.setState({
      user: makeUser([], { active_branch: { id: 2, name: 'Cabang Cimahi', time_zone: 'Asia/Jakarta' } }),
    });
    const other = renderHook(() => useCascadeFilter({ storageKey: 'test' }));
    expect(other.result.current.values).toEqual({});
    // The screen still open follows the branch too, and leaves the first branch's filter as it was.
    await waitFor(() => expect(second.result.current.values).toEqual({}));
    expect(JSON.parse(sessionStorage.getItem('keuangan.filter.test.1') ?? '')).toEqual({
      ...full,
      class_id: 1002,
    });
  });

  it('drops a saved value the lists no longer offer, with what depends on it', async () => {
    installReferenceApi();
    sessionStorage.setItem('keuangan.filter.test.0', JSON.stringify({ ...full, level_id: 999 }));
    const { result } = renderHook(() => useCascadeFilter({ storageKey: 'test' }));
    await waitFor(() => expect(result.current.values.level_id).toBeUndefined());
    expect(result.current.values).toMatchObject({
      department_id: 1,
      year_of_study_id: 11,
      class_id: undefined,
    });
    expect(result.current.applied).toBeNull();
  });

  it("the department on 'Semua' (Laporan Potongan): the lists under it wait, still reading 'Semua'", async () => {
    installReferenceApi();
    const fields = ['department_id', 'year_of_study_id', 'yos_periode_id', 'level_id', 'class_id'] as const;
    const { result } = renderHook(() =>
      useCascadeFilter({
        storageKey: 'potongan',
        fields,
        allFields: fields,
        initial: Object.fromEntries(fields.map((f) => [f, ALL])),
      }),
    );
    await waitFor(() => expect(result.current.options.department_id).toHaveLength(3)); // Semua + 2
    expect(result.current.complete).toBe(true);
    expect(result.current.applied).toMatchObject({ department_id: ALL, class_id: ALL });
    expect(result.current.ready.year_of_study_id).toBe(false);
    expect(result.current.options.year_of_study_id).toEqual([{ value: ALL, label: 'Semua' }]);
    act(() => result.current.set('department_id', 1));
    await waitFor(() => expect(result.current.options.year_of_study_id).toHaveLength(3));
    expect(result.current.values).toMatchObject({ department_id: 1, year_of_study_id: ALL, level_id: ALL });
  });

  it("billing's variant: 'Semua' options, first department and year chosen, extra fields kept", async () => {
    installReferenceApi();
    const { result } = renderHook(() =>
      useCascadeFilter({
        storageKey: 'billing',
        allFields: ['yos_periode_id', 'level_id', 'class_id', 'mm'],
        defaultFirst: ['department_id', 'year_of_study_id'],
        extra: { payment_status: ALL as string, type: ALL as string },
      }),
    );
    await waitFor(() => expect(result.current.values.year_of_study_id).toBe(11));
    expect(result.current.values).toMatchObject({ department_id: 1, payment_status: ALL, type: ALL });
    expect(result.current.options.level_id[0]).toEqual({ value: ALL, label: 'Semua' });

    act(() => result.current.set('yos_periode_id', ALL));
    act(() => result.current.set('level_id', ALL));
    // 'Semua' periods: the whole year's months; 'Semua' levels: every class of the year.
    await waitFor(() => expect(result.current.options.class_id).toHaveLength(4));
    expect(result.current.options.mm).toHaveLength(13); // Semua + 12 months
    act(() => result.current.set('class_id', ALL));
    act(() => result.current.set('mm', ALL));
    act(() => result.current.set('payment_status', 1));
    expect(result.current.complete).toBe(true);

    act(() => result.current.set('year_of_study_id', 10));
    expect(result.current.values).toMatchObject({
      year_of_study_id: 10,
      yos_periode_id: ALL,
      class_id: ALL,
      mm: ALL,
      level_id: ALL,
      payment_status: 1,
    });
  });
});

describe('the year a filter starts at (issue 21, defect 10)', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it("Jakarta's date and year, whatever the browser zone", () => {
    const lateEvening = new Date('2026-12-31T20:00:00Z'); // 03:00 on 1 January in Jakarta
    expect(jakartaDate(lateEvening)).toBe('2027-01-01');
    expect(jakartaYear(lateEvening)).toBe(2027);
  });

  it('a year of study chosen for the user is the one that holds today, not a newer one without data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    installFakeApi({
      'GET /api/ref-department-getall': { body: [{ id: 1, name: 'SD', sequence: 1 }] },
      'GET /api/ref-year-of-study-getall': {
        body: [
          { id: 12, name: '2027/2028', department_id: 1, start_date: '2027-07-01', end_date: '2028-06-30' },
          { id: 11, name: '2026/2027', department_id: 1, start_date: '2026-07-01', end_date: '2027-06-30' },
        ],
      },
      'GET /api/ref-level-getall': { body: [] },
      'GET /api/ref-yos-periode-getall': { body: [] },
    });
    const options = { storageKey: 'years', defaultFirst: ['department_id', 'year_of_study_id'] } as const;
    const { result } = renderHook(() => useCascadeFilter(options));
    await waitFor(() => expect(result.current.values.year_of_study_id).toBe(11));
    // Without a year that holds today (all in the past or the future): the first, the newest.
    sessionStorage.clear();
    vi.setSystemTime(new Date('2029-01-10T03:00:00Z'));
    const later = renderHook(() => useCascadeFilter({ ...options, storageKey: 'years-later' }));
    await waitFor(() => expect(later.result.current.values.year_of_study_id).toBe(12));
  });

  it('the entry year of the prospect screens: this year when it has events, else the latest, else this year', () => {
    expect(entryYearWithData(2026, [2027, 2026, 2025])).toBe(2026);
    expect(entryYearWithData(2026, [2027])).toBe(2027);
    expect(entryYearWithData(2026, [2024, 2023])).toBe(2024);
    expect(entryYearWithData(2026, [])).toBe(2026);
  });

  const prospects = (storageKey = 'prospects') =>
    prospectFilterOptions({
      storageKey,
      withStatus: true,
      context: { stype: 2 },
      now: new Date('2026-11-24T03:00:00Z'),
    });

  it("starts at this year, then at the year the branch's events are in, for the screen's event type", async () => {
    const requests = installFakeApi({
      'GET /api/psb-event-years': { body: [2027] },
      'GET /api/department': { body: { data: [] } },
      'GET /api/psb-event': { body: { data: [] } },
    });
    const { result } = renderHook(() => useCascadeFilter(prospects()));
    expect(result.current.values.yoe).toBe(2026);
    await waitFor(() => expect(result.current.values.yoe).toBe(2027));
    // The list shows it too, without Tampilkan; the event and status stay 'Semua'.
    expect(result.current.applied).toMatchObject({ yoe: 2027, psb_event_id: ALL, registration_status: ALL });
    expect(calls(requests, '/api/psb-event-years')[0]?.params).toEqual({ stype: 2 });
  });

  it('leaves a year the user chose, or the saved filter has, and keeps this year when the call fails', async () => {
    let answer: () => FakeAnswer | Promise<FakeAnswer> = () => ({ body: [2027] });
    installFakeApi({
      'GET /api/psb-event-years': () => answer(),
      'GET /api/department': { body: { data: [] } },
      'GET /api/psb-event': { body: { data: [] } },
    });
    // Chosen before the answer came.
    let release: (value: FakeAnswer) => void = () => {};
    const pending = new Promise<FakeAnswer>((resolve) => {
      release = resolve;
    });
    answer = () => pending;
    const chosen = renderHook(() => useCascadeFilter(prospects('chosen')));
    act(() => chosen.result.current.set('yoe', 2025));
    release({ body: [2027] });
    await waitFor(() => expect(chosen.result.current.loading.psb_event_id).toBe(false));
    expect(chosen.result.current.values.yoe).toBe(2025);

    // Saved by an earlier visit.
    answer = () => ({ body: [2027] });
    sessionStorage.setItem('keuangan.filter.saved.0', JSON.stringify({ yoe: 2024 }));
    const saved = renderHook(() => useCascadeFilter(prospects('saved')));
    await waitFor(() => expect(saved.result.current.loading.psb_event_id).toBe(false));
    expect(saved.result.current.values.yoe).toBe(2024);

    answer = () => ({ status: 500, body: { message: 'Server error' } });
    const failed = renderHook(() => useCascadeFilter(prospects('failed')));
    await waitFor(() => expect(failed.result.current.loading.psb_event_id).toBe(false));
    expect(failed.result.current.values.yoe).toBe(2026);
  });
});

describe('the month range of the reports', () => {
  afterEach(() => {
    sessionStorage.clear();
    sessionStore.setState({ user: null });
  });
  const fields = [
    'department_id',
    'year_of_study_id',
    'yos_periode_id',
    'level_id',
    'class_id',
    'mm_from',
    'mm_to',
  ] as const;
  const allFields = ['yos_periode_id', 'level_id', 'class_id', 'mm_from', 'mm_to'] as const;

  it("is reset to 'Semua' with the period, the year and the department", () => {
    const values = {
      department_id: 1,
      year_of_study_id: 11,
      yos_periode_id: 111,
      mm_from: '2026-08',
      mm_to: '2026-10',
    };
    expect(cascadeChange(values, 'yos_periode_id', 112, allFields, fields)).toMatchObject({
      mm_from: ALL,
      mm_to: ALL,
    });
    expect(cascadeChange(values, 'year_of_study_id', 10, allFields, fields)).toMatchObject({
      yos_periode_id: ALL,
      mm_from: ALL,
      mm_to: ALL,
    });
    expect(cascadeChange(values, 'mm_from', '2026-09', allFields, fields)).toEqual({
      ...values,
      mm_from: '2026-09',
    });
  });

  it('offers the months of the period at both ends, and no end before the start', async () => {
    installReferenceApi();
    const { result } = renderHook(() =>
      useCascadeFilter({
        storageKey: 'report',
        fields,
        allFields,
        required: ['department_id', 'year_of_study_id'],
        defaultFirst: ['department_id', 'year_of_study_id'],
      }),
    );
    await waitFor(() => expect(result.current.values.year_of_study_id).toBe(11));
    act(() => result.current.set('yos_periode_id', 111));
    await waitFor(() => expect(result.current.options.mm_from).toHaveLength(7)); // Semua + Jul..Dec
    expect(result.current.options.mm_from[1]).toEqual({ value: '2026-07', label: 'Juli 2026' });
    act(() => result.current.set('mm_from', '2026-10'));
    expect(result.current.options.mm_to.map((o) => o.value)).toEqual([ALL, '2026-10', '2026-11', '2026-12']);
    expect(result.current.complete).toBe(true);
  });
});

function Bar() {
  const filter = useCascadeFilter({ storageKey: 'bar' });
  return <CascadeFilterBar filter={filter} actions={<button type="button">Tampilkan</button>} />;
}

describe('CascadeFilterBar', () => {
  afterEach(() => sessionStorage.clear());

  it('labels the six selects in order and disables those whose parents are not chosen', async () => {
    installReferenceApi();
    render(<Bar />);
    const labels = ['Departemen', 'Tahun Ajaran', 'Periode KBM', 'Tingkat', 'Kelas', 'Bulan'];
    // In order: the n-th select on the bar is the one the n-th label names.
    expect(screen.getAllByRole('combobox')).toEqual(labels.map((label) => screen.getByLabelText(label)));
    await waitFor(() => screen.getByText('Pilih Departemen'));
    expect((screen.getByLabelText('Departemen') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Tahun Ajaran') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Bulan') as HTMLInputElement).disabled).toBe(true);
    screen.getByRole('button', { name: 'Tampilkan' });
  });
});

describe('the admission lists on the same filter', () => {
  const prospectFields = ['department_id', 'yoe', 'psb_event_id', 'registration_status'] as const;

  afterEach(() => {
    sessionStorage.clear();
    sessionStore.setState({ user: null });
  });

  it("department or entry year reset event and status to 'Semua'; the department resets the batch", () => {
    const all = ['psb_event_id', 'registration_status'] as const;
    const chosen: CascadeValues = { department_id: 1, yoe: 2027, psb_event_id: 5, registration_status: 2 };
    expect(resetsOf('department_id', prospectFields)).toEqual(['psb_event_id', 'registration_status']);
    expect(cascadeChange(chosen, 'yoe', 2026, all, prospectFields)).toEqual({
      department_id: 1,
      yoe: 2026,
      psb_event_id: ALL,
      registration_status: ALL,
    });
    expect(cascadeChange(chosen, 'department_id', undefined, all, prospectFields)).toMatchObject({
      department_id: undefined,
      yoe: 2027,
      psb_event_id: ALL,
    });
    expect(
      cascadeChange({ department_id: 1, batch_id: 7 }, 'department_id', 2, [], ['department_id', 'batch_id']),
    ).toEqual({
      department_id: 2,
      batch_id: undefined,
    });
  });

  it("sends chosen values only, under the list's parameter names", () => {
    expect(
      chosenParams(
        { department_id: 1, yoe: 2027, psb_event_id: ALL, registration_status: 0, batch_id: undefined },
        {
          department_id: 'deptId',
        },
      ),
    ).toEqual({ deptId: 1, yoe: 2027, registration_status: 0 });
  });

  it("loads the spec's lists for the fields it shows, with the screen's event type", async () => {
    const requests = installFakeApi({
      'GET /api/department': { body: { data: [{ id: 1, name: 'SD', sequence: 1 }] } },
      'GET /api/psb-event': { body: { data: [{ id: 5, code: 'PSB-SD-2027', name: 'PSB SD' }] } },
    });
    const { result } = renderHook(() =>
      useCascadeFilter({
        storageKey: 'prospects',
        fields: prospectFields,
        required: [],
        allFields: ['psb_event_id', 'registration_status'],
        initial: { yoe: 2027, psb_event_id: ALL, registration_status: ALL },
        sources: ADMISSION_SOURCES,
        context: { stype: 1 },
        years: [2028, 2027, 2026],
      }),
    );
    await waitFor(() => expect(result.current.options.psb_event_id).toHaveLength(2));
    expect(result.current.options.psb_event_id.map((o) => o.label)).toEqual([
      'Semua',
      'PSB-SD-2027 - PSB SD',
    ]);
    expect(result.current.options.yoe.map((o) => o.value)).toEqual([2028, 2027, 2026]);
    expect(result.current.options.registration_status.map((o) => o.label)).toEqual([
      'Semua',
      'Pending',
      'Data Terkirim',
      'Data Terverifikasi',
      'Lulus Seleksi',
      'Diterima',
      'Tidak Diterima',
    ]);
    expect(result.current.complete).toBe(true);
    expect(result.current.applied).toMatchObject({ yoe: 2027 });
    expect(requests.map((r) => r.url).sort()).toEqual(['/api/department', '/api/psb-event']);
    expect(calls(requests, '/api/psb-event')[0]?.params).toMatchObject({ stype: 1, yoe: 2027 });
    act(() => result.current.set('department_id', 1));
    await waitFor(() =>
      expect(calls(requests, '/api/psb-event').at(-1)?.params).toMatchObject({ deptId: 1 }),
    );
  });
});

describe('prospect filter', () => {
  it('is department (clearable), entry year (this year, +2 to -5) and event on Semua; the status when asked', () => {
    const now = new Date('2026-12-31T20:00:00Z'); // already 2027 in Jakarta
    const billing = prospectFilterOptions({ storageKey: 'prospective-billing', now });
    expect(billing.fields).toEqual(['department_id', 'yoe', 'psb_event_id']);
    expect(billing.clearable).toEqual(['department_id']);
    expect(billing.required).toEqual([]);
    expect(billing.allFields).toEqual(['psb_event_id']);
    expect(billing.initial).toEqual({ yoe: 2027, psb_event_id: ALL });
    expect(billing.years).toEqual([2029, 2028, 2027, 2026, 2025, 2024, 2023, 2022]);
    const admissions = prospectFilterOptions({
      storageKey: 'x',
      withStatus: true,
      context: { stype: 2 },
      now,
    });
    expect(admissions.fields).toEqual(['department_id', 'yoe', 'psb_event_id', 'registration_status']);
    expect(admissions.allFields).toEqual(['psb_event_id', 'registration_status']);
    expect(admissions.initial).toMatchObject({ registration_status: ALL });
    expect(admissions.context).toEqual({ stype: 2 });
  });
});
