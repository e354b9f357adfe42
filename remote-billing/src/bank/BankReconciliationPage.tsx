import {
  apiErrorText,
  type BankAccount,
  type BankLine,
  ConfirmDialog,
  formatDate,
  formatIDR,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  useLoad,
  useLocalPages,
} from '@keuangan/shared';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Select,
  Skeleton,
  type TableColumnsType,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { CENTERED } from '../constants';
import { useToday } from '../today';
import { AccountForm } from './AccountForm';
import { AssignDialog } from './AssignDialog';
import { allocateLine, downloadTemplate, fetchAccounts, fetchLines, importStatement, postLine } from './api';
import { Overview } from './Overview';

const TITLE = 'Rekonsiliasi Bank';

const base: TableColumnsType<BankLine> = [
  { key: 'date', title: 'Tanggal', render: (_v, l) => formatDate(l.line_date) },
  { key: 'text', title: 'Keterangan', dataIndex: 'description' },
  { key: 'amount', title: 'Nominal', align: 'right', render: (_v, l) => formatIDR(l.amount) },
];

/** Who a line goes to: its shares, else its best candidate. */
const whom = (line: BankLine) =>
  line.allocations.length > 0
    ? line.allocations.map((a) => `${a.student_name} (${formatIDR(a.amount)})`).join(', ')
    : (line.candidates[0]?.student_name ?? '-');

/**
 * Rekonsiliasi Bank (docs/bank-reconciliation.md): an account's statement imported, its credit lines of a month as
 * Cocok (posted with one click, after a confirmation), Belum Cocok (a candidate chosen, or any student searched and
 * the line split over several) and posted, with
 * the month's figures and its XLSX above them.
 */
export function BankReconciliationPage() {
  const today = useToday();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const loadAccounts = useCallback((signal: AbortSignal) => fetchAccounts(signal), []);
  const accounts = useLoad(loadAccounts);
  const list = accounts.state === 'done' ? accounts.value.data : [];
  const chosen = accountId ?? list[0]?.id ?? null;

  return (
    <>
      <PageHeader title={TITLE} />
      {accounts.state === 'loading' ? (
        <Skeleton active />
      ) : accounts.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="Rekening bank tidak dapat dimuat."
          action={<Button onClick={accounts.retry}>Coba lagi</Button>}
        />
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Form layout="inline">
              <Form.Item label="Rekening" htmlFor="bank-account">
                <Select
                  id="bank-account"
                  style={{ minWidth: 280 }}
                  value={chosen ?? undefined}
                  placeholder="Belum ada rekening"
                  options={list.map((a: BankAccount) => ({
                    value: a.id,
                    label: `${a.account_name} (${a.account_number})`,
                  }))}
                  onChange={setAccountId}
                />
              </Form.Item>
              <Form.Item label="Bulan" htmlFor="bank-month">
                <DatePicker
                  id="bank-month"
                  picker="month"
                  allowClear={false}
                  format="MMMM YYYY"
                  value={dayjs(`${month}-01`)}
                  onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
                />
              </Form.Item>
              <Button onClick={() => downloadTemplate().catch((e) => notifyError(apiErrorText(e), 'Error'))}>
                Unduh Template
              </Button>
            </Form>
          </Card>
          {chosen === null ? null : <Lines accountId={chosen} month={month} />}
          <Card title="Tambah Rekening" style={{ marginTop: 16 }}>
            <AccountForm
              onAdded={(id) => {
                setAccountId(id);
                accounts.retry();
              }}
            />
          </Card>
        </>
      )}
    </>
  );
}

function Lines({ accountId, month }: { accountId: number; month: string }) {
  const load = useCallback(
    (signal: AbortSignal) => fetchLines({ bank_account_id: accountId, mm: month }, signal),
    [accountId, month],
  );
  const lines = useLoad(load);
  const rows = lines.state === 'done' ? lines.value.data : null;
  // One array per status and load: useLocalPages starts again at page 1 whenever its rows are another array.
  const byStatus = useMemo(() => {
    const of = (status: BankLine['status']) => rows?.filter((l) => l.status === status);
    return { cocok: of('cocok'), belum: of('belum_cocok'), posted: of('posted') };
  }, [rows]);
  const matched = useLocalPages(byStatus.cocok);
  const waiting = useLocalPages(byStatus.belum);
  const posted = useLocalPages(byStatus.posted);
  const [posting, setPosting] = useState<BankLine | null>(null);
  const [assigning, setAssigning] = useState<BankLine | null>(null);
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  // The lines and the month's figures are read again together.
  const reload = () => {
    lines.retry();
    setVersion((v) => v + 1);
  };

  const upload = async (file: File) => {
    setImporting(true);
    try {
      const result = await importStatement(accountId, file);
      notifySuccess(
        `Mutasi diimpor: ${result.new_lines} baris kredit baru, ${result.duplicate_lines} sudah ada`,
        CENTERED,
      );
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Impor gagal');
    }
    setImporting(false);
  };
  const post = async () => {
    if (!posting) return;
    try {
      const { credits } = await postLine(posting.id);
      const kept = credits.reduce((sum, c) => sum + c.amount, 0);
      notifySuccess(
        kept > 0
          ? `Mutasi diposting sebagai pembayaran; kelebihan ${formatIDR(kept)} disimpan sebagai saldo titipan`
          : 'Mutasi diposting sebagai pembayaran',
        CENTERED,
      );
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setPosting(null);
  };
  const choose = async (line: BankLine, studentId: number) => {
    try {
      await allocateLine(line.id, [{ student_id: studentId, amount: line.amount }]);
      reload();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  // Any active student, or several sharing the line: docs/bank-reconciliation.md "Assigning a line".
  const assignButton = (l: BankLine) => (
    <Button onClick={() => setAssigning(l)} aria-label={`Cari siswa untuk ${l.description}`}>
      Cari Siswa
    </Button>
  );
  const matchedColumns: TableColumnsType<BankLine> = [
    ...base,
    { key: 'who', title: 'Siswa', render: (_v, l) => whom(l) },
    { key: 'why', title: 'Alasan', render: (_v, l) => l.candidates[0]?.reason ?? 'Dipilih oleh staf' },
    {
      key: 'act',
      title: 'Aksi',
      render: (_v, l) => (
        <Flex gap={8}>
          <Button type="primary" onClick={() => setPosting(l)}>
            Posting
          </Button>
          {assignButton(l)}
        </Flex>
      ),
    },
  ];
  const waitingColumns: TableColumnsType<BankLine> = [
    ...base,
    {
      key: 'pick',
      title: 'Pilih Siswa',
      render: (_v, l) =>
        l.candidates.length === 0 ? (
          'Tidak ada kandidat'
        ) : (
          <Select
            aria-label={`Pilih siswa untuk ${l.description}`}
            style={{ minWidth: 260 }}
            placeholder="Pilih kandidat"
            options={l.candidates.map((c) => ({
              value: c.student_id,
              label: `${c.student_name} (${c.nis}) ${c.confidence}%`,
              title: c.reason,
            }))}
            onChange={(id: number) => choose(l, id)}
          />
        ),
    },
    { key: 'search', title: 'Aksi', render: (_v, l) => assignButton(l) },
  ];
  const postedColumns: TableColumnsType<BankLine> = [
    ...base,
    { key: 'who', title: 'Siswa', render: (_v, l) => whom(l) },
  ];

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={8} align="center">
          <Upload
            accept=".csv,.xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button loading={importing}>Impor Mutasi</Button>
          </Upload>
        </Flex>
      </Card>
      <Overview accountId={accountId} month={month} version={version} />
      {lines.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="Mutasi tidak dapat dimuat."
          action={<Button onClick={lines.retry}>Coba lagi</Button>}
        />
      ) : (
        <>
          <Card title="Cocok" style={{ marginBottom: 16 }}>
            <PagedTable columns={matchedColumns} rowKey="id" aria-label="Mutasi cocok" {...matched} />
          </Card>
          <Card title="Belum Cocok" style={{ marginBottom: 16 }}>
            <PagedTable columns={waitingColumns} rowKey="id" aria-label="Mutasi belum cocok" {...waiting} />
          </Card>
          <Card title="Sudah Diposting">
            <PagedTable columns={postedColumns} rowKey="id" aria-label="Mutasi sudah diposting" {...posted} />
          </Card>
        </>
      )}
      {assigning ? (
        <AssignDialog
          line={assigning}
          onClose={() => setAssigning(null)}
          onSaved={() => {
            setAssigning(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={posting !== null}
        mode="bank-post"
        name={posting ? `${formatIDR(posting.amount)} (${posting.description}) untuk ${whom(posting)}` : ''}
        onConfirm={post}
        onCancel={() => setPosting(null)}
      />
    </>
  );
}
