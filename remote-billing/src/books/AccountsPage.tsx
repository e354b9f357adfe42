import {
  apiErrorText,
  BOOKS_ACCOUNT_KINDS,
  BOOKS_ACCOUNT_ROLES,
  BOOKS_MAPPING_SOURCES,
  type BooksChartAccount,
  type BooksMappingRow,
  ConfirmDialog,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  StatusTag,
  useLoad,
} from '@keuangan/shared';
import { Button, Card, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { CENTERED } from '../constants';
import { AccountDialog } from './AccountDialog';
import { fetchAccounts } from './api';
import { setAccountActive, useChart, useMappings } from './chart-api';
import { MappingDialog } from './MappingDialog';

const kindLabel = (kind: string) => BOOKS_ACCOUNT_KINDS.find((k) => k.value === kind)?.label ?? kind;
const accountText = (code: string | null, name: string | null) => (code ? `${code} ${name ?? ''}` : '-');

/**
 * Akun & Pemetaan (docs/books.md "Keeping the chart"): the foundation's chart, added to, edited and deactivated
 * (never deleted), and where each fee type, payment type and deduction posts.
 */
export function AccountsPage() {
  const chart = useChart();
  const mappings = useMappings();
  const accounts = useLoad(fetchAccounts);
  const [editing, setEditing] = useState<BooksChartAccount | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<BooksChartAccount | null>(null);
  const [mapping, setMapping] = useState<BooksMappingRow | null>(null);

  const changed = () => {
    chart.reload();
    mappings.reload();
    accounts.retry();
  };
  const activate = async (account: BooksChartAccount, active: boolean) => {
    try {
      notifySuccess((await setAccountActive(account.id, active)).message, CENTERED);
      changed();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  };

  const chartColumns: TableColumnsType<BooksChartAccount> = [
    { key: 'code', title: 'Kode', dataIndex: 'code' },
    { key: 'name', title: 'Nama Akun', dataIndex: 'name' },
    { key: 'kind', title: 'Jenis', render: (_v, a) => kindLabel(a.kind) },
    {
      key: 'role',
      title: 'Bawaan Untuk',
      render: (_v, a) => (a.role ? (BOOKS_ACCOUNT_ROLES[a.role] ?? a.role) : '-'),
    },
    {
      key: 'use',
      title: 'Status',
      render: (_v, a) => (
        <Flex gap={4} wrap>
          {a.active ? (
            <StatusTag color="green">Aktif</StatusTag>
          ) : (
            <StatusTag color="red">Nonaktif</StatusTag>
          )}
          {a.has_entries ? (
            <StatusTag color="blue">Ada jurnal</StatusTag>
          ) : (
            <StatusTag color="orange">Belum dipakai</StatusTag>
          )}
        </Flex>
      ),
    },
    {
      key: 'act',
      title: 'Aksi',
      render: (_v, a) => (
        <Flex gap={8}>
          <Button onClick={() => setEditing(a)} aria-label={`Ubah akun ${a.code}`}>
            Ubah
          </Button>
          {a.active ? (
            <Button danger onClick={() => setDeactivating(a)} aria-label={`Nonaktifkan akun ${a.code}`}>
              Nonaktifkan
            </Button>
          ) : (
            <Button onClick={() => activate(a, true)} aria-label={`Aktifkan akun ${a.code}`}>
              Aktifkan
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  const mappingColumns: TableColumnsType<BooksMappingRow> = [
    {
      key: 'source',
      title: 'Jenis',
      render: (_v, m) => BOOKS_MAPPING_SOURCES.find((s) => s.value === m.source)?.label ?? m.source,
    },
    { key: 'label', title: 'Nama', dataIndex: 'label' },
    { key: 'account', title: 'Akun', render: (_v, m) => accountText(m.account_code, m.account_name) },
    {
      key: 'receivable',
      title: 'Akun Piutang',
      render: (_v, m) => (m.source === 'fee_type' ? accountText(m.receivable_code, m.receivable_name) : '-'),
    },
    {
      key: 'act',
      title: 'Aksi',
      render: (_v, m) => (
        <Button
          onClick={() => setMapping(m)}
          disabled={accounts.state !== 'done'}
          aria-label={`Ubah pemetaan ${m.label}`}
        >
          Ubah
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Akun & Pemetaan" />
      <Card
        title="Bagan Akun"
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            Tambah Akun
          </Button>
        }
      >
        <PagedTable<BooksChartAccount>
          aria-label="Bagan Akun"
          columns={chartColumns}
          rowKey="id"
          {...chart.tableProps}
        />
      </Card>
      <Card title="Pemetaan Akun" style={{ marginTop: 16 }}>
        <PagedTable<BooksMappingRow>
          aria-label="Pemetaan Akun"
          columns={mappingColumns}
          rowKey={(m) => `${m.source}-${m.source_key}`}
          {...mappings.tableProps}
        />
      </Card>
      {editing ? (
        <AccountDialog
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      ) : null}
      {mapping && accounts.state === 'done' ? (
        <MappingDialog
          row={mapping}
          accounts={accounts.value}
          onClose={() => setMapping(null)}
          onSaved={() => {
            setMapping(null);
            mappings.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deactivating !== null}
        mode="books-account-deactivate"
        name={deactivating ? `${deactivating.code} ${deactivating.name}` : ''}
        onConfirm={async () => {
          if (deactivating) await activate(deactivating, false);
          setDeactivating(null);
        }}
        onCancel={() => setDeactivating(null)}
      />
    </>
  );
}
