import {
  type BooksAccount,
  type BooksJournalEntry,
  type BooksJournalPage,
  formatIDR,
  PagedTable,
  PageHeader,
  useLoad,
} from '@keuangan/shared';
import { Card, Form, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { fetchAccounts, type JournalFilter, useJournal } from './api';
import { voucherColumns } from './entryColumns';
import { JournalExportMenu } from './JournalExportMenu';
import { PeriodCard } from './PeriodCard';
import { PeriodFields } from './PeriodFields';

/** Each line of an entry on its own row inside the cell, debits first (as the API orders them). */
const lines = (entry: BooksJournalEntry, show: (l: BooksJournalEntry['lines'][number]) => string) => (
  <Space direction="vertical" size={0}>
    {entry.lines.map((l, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: an entry may hold two lines on one account; order is fixed
      <span key={i}>{show(l)}</span>
    ))}
  </Space>
);

const columns: TableColumnsType<BooksJournalEntry> = [
  ...voucherColumns<BooksJournalEntry>(),
  {
    key: 'account',
    title: 'Akun',
    render: (_v, e) => lines(e, (l) => `${l.account_code} ${l.account_name}`),
  },
  {
    key: 'debit',
    title: 'Debit',
    align: 'right',
    render: (_v, e) => lines(e, (l) => (l.debit ? formatIDR(l.debit) : '')),
  },
  {
    key: 'credit',
    title: 'Kredit',
    align: 'right',
    render: (_v, e) => lines(e, (l) => (l.credit ? formatIDR(l.credit) : '')),
  },
];

/**
 * Jurnal Umum (docs/books.md "Reports"): the active branch's entries by period, account and voucher, the export
 * files of what the filter finds, and Tutup Buku.
 */
export function JournalPage() {
  const [filter, setFilter] = useState<JournalFilter>({});
  const [voucher, setVoucher] = useState('');
  const journal = useJournal(filter);
  const accounts = useLoad(fetchAccounts);
  const page = journal.data as BooksJournalPage | null;
  const set = (change: Partial<JournalFilter>) => setFilter((f) => ({ ...f, ...change }));

  return (
    <>
      <PageHeader title="Jurnal Umum" />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <PeriodFields idPrefix="journal" onChange={set} />
          <Form.Item label="Akun" htmlFor="journal-account">
            <Select
              id="journal-account"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Semua akun"
              style={{ minWidth: 260 }}
              options={(accounts.state === 'done' ? accounts.value : []).map((a: BooksAccount) => ({
                value: a.id,
                label: `${a.code} ${a.name}`,
              }))}
              onChange={(id?: number) => set({ account_id: id })}
            />
          </Form.Item>
          <Form.Item label="No. Voucher" htmlFor="journal-voucher">
            <Input.Search
              id="journal-voucher"
              value={voucher}
              maxLength={40}
              onChange={(e) => setVoucher(e.target.value)}
              onSearch={(v) => set({ voucher: v.trim() || undefined })}
            />
          </Form.Item>
          <JournalExportMenu filter={filter} />
        </Form>
      </Card>
      <Card>
        <PagedTable<BooksJournalEntry>
          aria-label="Jurnal Umum"
          columns={columns}
          rowKey="id"
          {...journal.tableProps}
        />
        {page ? (
          <Typography.Paragraph strong style={{ marginTop: 8 }}>
            Total Debit {formatIDR(page.total_debit)} · Total Kredit {formatIDR(page.total_credit)}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <PeriodCard onChanged={journal.reload} />
    </>
  );
}
