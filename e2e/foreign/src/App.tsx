import { useMemo, useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { type BillingEvent, BillingView } from './BillingView';

/** One line of the event log: 'payment-made #12 150000', 'error wrong-branch', 'session-invalid'. */
const describeEvent = (event: BillingEvent) =>
  event.type === 'payment-made'
    ? `payment-made #${event.paymentId} ${event.amount}`
    : event.type === 'error'
      ? `error ${event.code}`
      : event.type;

/**
 * Akademik's own pages: a home with its own state, and a student page that embeds Keuangan's billing. `base` is
 * the path the page is served under (/akademik for the rspack build, /portal for the Vite one, e2e/portal).
 */
export function App({ keuanganApi, base }: { keuanganApi: string; base: string }) {
  const [token, setToken] = useState('');
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <h1>Akademik</h1>
      <nav>
        <Link to="/">Beranda Akademik</Link>
      </nav>
      <p>
        <label>
          Token Keuangan <input value={token} onChange={(event) => setToken(event.target.value)} />
        </label>
      </p>
      <p>
        <button type="button" onClick={() => setClicks((n) => n + 1)}>
          Hitung
        </button>{' '}
        <output aria-label="Hitungan">{clicks}</output>
      </p>
      <Routes>
        <Route index element={<p>Pilih siswa.</p>} />
        <Route
          path="siswa/:studentId/:departmentId/:yearId/*"
          element={<StudentPage keuanganApi={keuanganApi} token={token} base={base} />}
        />
        <Route
          path="dua/:first/:second/:departmentId/:yearId"
          element={<TwoStudents keuanganApi={keuanganApi} />}
        />
      </Routes>
    </main>
  );
}

function StudentPage({ keuanganApi, token, base }: { keuanganApi: string; token: string; base: string }) {
  const { studentId, departmentId, yearId } = useParams();
  const [open, setOpen] = useState(true);
  const [allowPayment, setAllowPayment] = useState(false);
  const [events, setEvents] = useState<BillingEvent[]>([]);
  const props = useMemo(
    () => ({
      baseUrl: keuanganApi,
      token,
      studentId: Number(studentId),
      departmentId: Number(departmentId),
      yearOfStudyId: Number(yearId),
      allowPayment,
    }),
    [keuanganApi, token, studentId, departmentId, yearId, allowPayment],
  );
  return (
    <section>
      <h2>Siswa {studentId}</h2>
      <p>
        <label>
          <input
            type="checkbox"
            checked={allowPayment}
            onChange={(event) => setAllowPayment(event.target.checked)}
          />{' '}
          Izinkan pembayaran
        </label>{' '}
        <button type="button" onClick={() => setOpen((value) => !value)}>
          {open ? 'Tutup Billing' : 'Buka Billing'}
        </button>
      </p>
      <ul aria-label="Peristiwa billing">
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
          <li key={index}>{describeEvent(event)}</li>
        ))}
      </ul>
      {open && token ? (
        <BillingView
          basename={`${base}/siswa/${studentId}/${departmentId}/${yearId}`}
          props={props}
          onEvent={(event) => setEvents((list) => [...list, event])}
        />
      ) : null}
    </section>
  );
}

/** Two students side by side, each view with its own token (memory routing: the page's address is shared). */
function TwoStudents({ keuanganApi }: { keuanganApi: string }) {
  const { first, second, departmentId, yearId } = useParams();
  return (
    <div style={{ display: 'flex', gap: 16 }}>
      {[first, second].map((studentId, index) => (
        <SideView
          key={studentId}
          name={index === 0 ? 'A' : 'B'}
          keuanganApi={keuanganApi}
          studentId={Number(studentId)}
          departmentId={Number(departmentId)}
          yearId={Number(yearId)}
        />
      ))}
    </div>
  );
}

function SideView(props: {
  name: string;
  keuanganApi: string;
  studentId: number;
  departmentId: number;
  yearId: number;
}) {
  const [token, setToken] = useState('');
  const viewProps = useMemo(
    () => ({
      baseUrl: props.keuanganApi,
      token,
      studentId: props.studentId,
      departmentId: props.departmentId,
      yearOfStudyId: props.yearId,
      routing: 'memory' as const,
    }),
    [props.keuanganApi, token, props.studentId, props.departmentId, props.yearId],
  );
  return (
    <section aria-label={`Siswa ${props.name}`} style={{ flex: 1 }}>
      <label>
        Token {props.name} <input value={token} onChange={(event) => setToken(event.target.value)} />
      </label>
      {token ? <BillingView basename="/" props={viewProps} onEvent={() => {}} /> : null}
    </section>
  );
}
