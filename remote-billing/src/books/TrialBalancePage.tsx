import {
  type BooksTieOut,
  type BooksTieOutReceivable,
  type BooksTrialBalance,
  type BooksTrialBalanceRow,
  formatIDR,
  PageHeader,
  StatusTag,
  tableEmpty,
  useLoad,
} from '@keuangan/shared';
import { Alert, Button, Card, Descriptions, Form, Skeleton, Table, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchTieOut, fetchTrialBalance, type TrialBalanceFilter } from './api';
import { ledgerHref } from './ledger-api';
import { PeriodFields } from './PeriodFields';

const rupiahOrBlank = (value: number) => (value ? formatIDR(value) : '');

/** The columns; each account links to its Buku Besar over the same period. */
const columnsFor = (filter: TrialBalanceFilter): TableColumnsType<BooksTrialBalanceRow> => [
  { key: 'code', title: 'Kode', dataIndex: 'code' },
  {
    key: 'name',
    title: 'Akun',
    render: (_v, r) => <Link to={ledgerHref({ ...filter, account_id: r.account_id })}>{r.name}</Link>,
  },
  { key: 'debit', title: 'Debit', align: 'right', render: (_v, r) => rupiahOrBlank(r.debit) },
  { key: 'credit', title: 'Kredit', align: 'right', render: (_v, r) => rupiahOrBlank(r.credit) },
  { key: 'bdebit', title: 'Saldo Debit', align: 'right', render: (_v, r) => rupiahOrBlank(r.balance_debit) },
  {
    key: 'bcredit',
    title: 'Saldo Kredit',
    align: 'right',
    render: (_v, r) => rupiahOrBlank(r.balance_credit),
  },
];

const TOTAL_KEYS = ['debit', 'credit', 'bdebit', 'bcredit'];

/** The totals row; a balanced trial balance has equal debits and credits, in movements and in balances. */
function Totals({ totals }: { totals: BooksTrialBalance['totals'] }) {
  const cells = [totals.debit, totals.credit, totals.balance_debit, totals.balance_credit];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={2}>
        <strong>Jumlah</strong>
      </Table.Summary.Cell>
      {cells.map((value, i) => (
        <Table.Summary.Cell key={TOTAL_KEYS[i]} index={i + 2} align="right">
          <strong>{formatIDR(value)}</strong>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

const balanced = (t: BooksTrialBalance['totals']) =>
  t.debit === t.credit && t.balance_debit === t.balance_credit;

/** One account against what billing holds: "Sesuai", or the difference and the bills that make it. */
function TieOutFigure({
  ledger,
  billing,
  difference,
}: Pick<BooksTieOutReceivable, 'ledger' | 'billing' | 'difference'>) {
  return (
    <>
      {formatIDR(ledger)} / {formatIDR(billing)}{' '}
      {difference === 0 ? (
        <StatusTag color="green">Sesuai</StatusTag>
      ) : (
        <StatusTag color="red">Selisih {formatIDR(difference)}</StatusTag>
      )}
    </>
  );
}

function TieOutCard({ tieOut }: { tieOut: BooksTieOut }) {
  const differing = [...tieOut.lines, ...tieOut.prospects.lines];
  return (
    <Card title="Pencocokan dengan Tagihan" style={{ marginTop: 16 }}>
      <Descriptions
        size="small"
        column={1}
        aria-label="Pencocokan dengan Tagihan"
        items={[
          {
            key: 'students',
            label: 'Piutang Siswa (buku / tagihan)',
            children: <TieOutFigure {...tieOut} />,
          },
          {
            key: 'prospects',
            label: 'Piutang Calon Siswa (buku / tagihan)',
            children: <TieOutFigure {...tieOut.prospects} />,
          },
          {
            key: 'credit',
            label: 'Titipan Siswa (buku / Saldo Titipan)',
            children: <TieOutFigure {...tieOut.credit} billing={tieOut.credit.balance} />,
          },
        ]}
      />
      {differing.length > 0 ? (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          aria-label="Tagihan yang berbeda"
          rowKey={(l) => l.bill_number}
          pagination={false}
          dataSource={differing}
          columns={[
            { key: 'bill', title: 'No. Tagihan', dataIndex: 'bill_number' },
            { key: 'ledger', title: 'Buku', align: 'right', render: (_v, l) => formatIDR(l.ledger) },
            { key: 'billing', title: 'Tagihan', align: 'right', render: (_v, l) => formatIDR(l.billing) },
            { key: 'diff', title: 'Selisih', align: 'right', render: (_v, l) => formatIDR(l.difference) },
          ]}
        />
      ) : null}
    </Card>
  );
}

/**
 * Neraca Saldo (docs/books.md "Reports"): each account's movements in the period and its balance at the period's
 * end, the totals that must balance, and the receivables and Saldo Titipan checked against billing.
 */
export function TrialBalancePage() {
  const [filter, setFilter] = useState<TrialBalanceFilter>({});
  const loadBalance = useCallback((signal: AbortSignal) => fetchTrialBalance(filter, signal), [filter]);
  const balance = useLoad(loadBalance);
  const tieOut = useLoad(fetchTieOut);

  return (
    <>
      <PageHeader title="Neraca Saldo" />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <PeriodFields
            idPrefix="trial-balance"
            onChange={(change) => setFilter((f) => ({ ...f, ...change }))}
          />
        </Form>
      </Card>
      {balance.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title="Neraca saldo tidak dapat dimuat."
          action={<Button onClick={balance.retry}>Coba lagi</Button>}
        />
      ) : (
        <Card
          title="Neraca Saldo"
          extra={
            balance.state === 'done' ? (
              balanced(balance.value.totals) ? (
                <StatusTag color="green">Seimbang</StatusTag>
              ) : (
                <StatusTag color="red">Tidak seimbang</StatusTag>
              )
            ) : null
          }
        >
          {balance.state === 'loading' ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <Table
              size="small"
              aria-label="Neraca Saldo"
              rowKey="account_id"
              pagination={false}
              columns={columnsFor(filter)}
              dataSource={balance.value.rows}
              locale={{ emptyText: tableEmpty('Belum ada jurnal pada periode ini') }}
              summary={() => <Totals totals={balance.value.totals} />}
            />
          )}
        </Card>
      )}
      {tieOut.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title="Pencocokan dengan tagihan tidak dapat dimuat."
          action={<Button onClick={tieOut.retry}>Coba lagi</Button>}
        />
      ) : tieOut.state === 'loading' ? (
        <Skeleton active style={{ marginTop: 16 }} />
      ) : (
        <TieOutCard tieOut={tieOut.value} />
      )}
    </>
  );
}
