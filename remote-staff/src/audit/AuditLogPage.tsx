import {
  ALL,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditLogEntry,
  type AuditLogUser,
  apiErrorText,
  auditChangeText,
  auditEntityText,
  canViewAuditLog,
  DayPicker,
  type FilterSelectSpec,
  FilterSelects,
  labelOf,
  notifyError,
  PagedTable,
  PageHeader,
  schoolToday,
  selectTimeZone,
  sessionStore,
  useSelectFilters,
  useSession,
  withAll,
} from '@keuangan/shared';
import { Alert, Button, Card, Form, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type AuditLogFilter, downloadAuditLog, fetchAuditLogUsers, useAuditLog } from './api';

const TITLE = 'Log Audit';
type Choices = { user_id: number | typeof ALL; action: string; entity: string };
const NO_FILTER: Choices = {
  user_id: ALL,
  action: ALL,
  entity: ALL,
};

const columns: TableColumnsType<AuditLogEntry> = [
  {
    key: 'time',
    title: 'Waktu',
    render: (_v, e) =>
      new Date(e.occurred_at).toLocaleString('id-ID', { timeZone: selectTimeZone(sessionStore.getState()) }),
  },
  { key: 'user', title: 'Pengguna', render: (_v, e) => e.user_name ?? '-' },
  { key: 'action', title: 'Jenis', render: (_v, e) => labelOf(AUDIT_ACTIONS, e.action) },
  {
    key: 'entity',
    title: 'Entitas',
    render: (_v, e) => auditEntityText(e),
  },
  {
    key: 'change',
    title: 'Perubahan',
    render: (_v, e) => (
      <Typography.Text style={{ maxWidth: 360, display: 'inline-block', wordBreak: 'break-word' }}>
        {auditChangeText(e) || '-'}
      </Typography.Text>
    ),
  },
  { key: 'reason', title: 'Alasan', render: (_v, e) => e.reason ?? '-' },
];

/**
 * Log Audit (issue 21; admins and superadmins): every change to money and access of the branch, newest first,
 * filtered by date (the last 7 days at first), user, kind and entity; the filter's records as XLSX.
 */
export function AuditLogPage() {
  const allowed = useSession((s) => canViewAuditLog(s.user?.roles.map((r) => r.slug) ?? []));
  if (!allowed) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert type="warning" showIcon title="Log Audit hanya dapat dilihat oleh admin." />
      </>
    );
  }
  return <AuditLog />;
}

function AuditLog() {
  // The last seven days of the school's calendar (the active branch's zone), whatever the browser's.
  const [to, setTo] = useState(schoolToday);
  const [from, setFrom] = useState(() => dayjs(to).subtract(6, 'day').format('YYYY-MM-DD'));
  const selects = useSelectFilters(NO_FILTER);
  const [users, setUsers] = useState<AuditLogUser[]>([]);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    fetchAuditLogUsers().then(setUsers, (error: unknown) => notifyError(apiErrorText(error), 'Error'));
  }, []);

  const filter: AuditLogFilter = {
    date_from: from,
    date_to: to,
    ...selects.params,
  };
  const query = useAuditLog(filter);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditLog(filter, `log-audit-${to}.xlsx`);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setDownloading(false);
  };

  const specs: FilterSelectSpec<keyof Choices>[] = [
    {
      name: 'user_id',
      label: 'Pengguna',
      options: withAll(users.map((u) => ({ value: u.id, label: u.name }))),
      minWidth: 180,
    },
    { name: 'action', label: 'Jenis', options: withAll(AUDIT_ACTIONS), minWidth: 220 },
    { name: 'entity', label: 'Entitas', options: withAll(AUDIT_ENTITIES), minWidth: 200 },
  ];
  return (
    <>
      <PageHeader title={TITLE} />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label="Dari" htmlFor="audit-from">
            <DayPicker id="audit-from" value={from} onChange={setFrom} />
          </Form.Item>
          <Form.Item label="Sampai" htmlFor="audit-to">
            <DayPicker id="audit-to" value={to} onChange={setTo} />
          </Form.Item>
          <FilterSelects specs={specs} values={selects.values} onChange={selects.set} inline />
          <Form.Item>
            <Button onClick={download} loading={downloading}>
              Ekspor XLSX
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <PagedTable<AuditLogEntry>
          aria-label="Daftar Log Audit"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
