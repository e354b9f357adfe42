import {
  BOOKS_LEDGER_MESSAGES,
  type BooksAccount,
  type BooksLedgerLine,
  type BooksLedgerPage,
  formatIDR,
  PagedTable,
  PageHeader,
  useLoad,
} from '@keuangan/shared';
import { Card, Descriptions, Form, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchAccounts } from './api';
import { voucherColumns } from './entryColumns';
import { type LedgerFilter, ledgerFilterOf, useLedger } from './ledger-api';
import { PeriodFields } from './PeriodFields';

const rupiahOrBlank = (value: number) => (value ? formatIDR(value) : '');
const SIDE_LABELS = { debit: 'Debit', credit: 'Kredit' } as const;

const columns: TableColumnsType<BooksLedgerLine> = [
  ...voucherColumns<BooksLedgerLine>(),
  { key: 'debit', title: 'Debit', align: 'right', render: (_v, l) => rupiahOrBlank(l.debit) },
  { key: 'credit', title: 'Kredit', align: 'right', render: (_v, l) => rupiahOrBlank(l.credit) },
  { key: 'balance', title: 'Saldo', align: 'right', render: (_v, l) => formatIDR(l.balance) },
];

/** Saldo Awal, Saldo Akhir and the period's totals of the account, as the server computed them. */
function Balances({ page }: { page: BooksLedgerPage }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      aria-label="Ringkasan Buku Besar"
      style={{ marginBottom: 12 }}
      items={[
        { key: 'opening', label: 'Saldo Awal', children: formatIDR(page.opening_balance) },
        { key: 'closing', label: 'Saldo Akhir', children: formatIDR(page.closing_balance) },
        { key: 'debit', label: 'Total Debit', children: formatIDR(page.total_debit) },
        { key: 'credit', label: 'Total Kredit', children: formatIDR(page.total_credit) },
        { key: 'side', label: 'Saldo Normal', children: SIDE_LABELS[page.account.side] },
      ]}
    />
  );
}

/**
 * Buku Besar (docs/books.md "Buku Besar"): one account of the chart in the active branch over a period, from Saldo
 * Awal line by line with the running Saldo (the server's, so every page starts right) to Saldo Akhir.
 */
export function LedgerPage() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<LedgerFilter>(() => ledgerFilterOf(params));
  const ledger = useLedger(filter);
  const accounts = useLoad(fetchAccounts);
  const page = ledger.data as BooksLedgerPage | null;
  const set = (change: Partial<LedgerFilter>) => setFilter((f) => ({ ...f, ...change }));

  return (
    <>
      <PageHeader title="Buku Besar" />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label="Akun" htmlFor="ledger-account" required>
            <Select
              id="ledger-account"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Pilih akun"
              style={{ minWidth: 280 }}
              loading={accounts.state === 'loading'}
              value={filter.account_id}
              options={(accounts.state === 'done' ? accounts.value : []).map((a: BooksAccount) => ({
                value: a.id,
                label: `${a.code} ${a.name}`,
              }))}
              onChange={(id: number) => set({ account_id: id })}
            />
          </Form.Item>
          <PeriodFields idPrefix="ledger" initial={filter} onChange={set} />
        </Form>
      </Card>
      <Card title={page ? `${page.account.code} ${page.account.name}` : 'Buku Besar'}>
        {filter.account_id === undefined ? (
          <Typography.Text type="secondary">Pilih akun untuk menampilkan Buku Besar.</Typography.Text>
        ) : (
          <>
            {page && !ledger.error ? <Balances page={page} /> : null}
            <PagedTable<BooksLedgerLine>
              aria-label="Buku Besar"
              columns={columns}
              rowKey="line_id"
              emptyText={BOOKS_LEDGER_MESSAGES.empty}
              {...ledger.tableProps}
            />
          </>
        )}
      </Card>
    </>
  );
}
