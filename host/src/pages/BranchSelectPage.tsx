import {
  apiErrorText,
  type BranchRef,
  CheckIcon,
  notifyError,
  PageHeader,
  selectActiveBranch,
  useSession,
} from '@keuangan/shared';
import { Button, Card, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';

/**
 * 'Ganti Sesi Cabang' (docs/screens.md): the user's branches; 'Pilih' switches the session to
 * another one and reloads the page. The search box filters by name as you type (a user has only
 * a handful of branches, so no server search).
 */
export function BranchSelectPage() {
  const branches = useSession((s) => s.user?.branches ?? null);
  const activeBranch = useSession(selectActiveBranch);
  const switchBranch = useSession((s) => s.switchBranch);
  const [search, setSearch] = useState('');
  const [switchingTo, setSwitchingTo] = useState<number | null>(null);

  const choose = async (branch: BranchRef) => {
    setSwitchingTo(branch.id);
    try {
      await switchBranch(branch.id); // reloads the page on success
    } catch (error) {
      notifyError(apiErrorText(error));
      setSwitchingTo(null);
    }
  };

  const term = search.trim().toLowerCase();
  const rows = (branches ?? []).filter((b) => b.name.toLowerCase().includes(term));

  const columns: TableColumnsType<BranchRef> = [
    { key: 'no', title: 'No', width: 64, render: (_value, _row, index) => index + 1 },
    { key: 'name', title: 'Nama', dataIndex: 'name' },
    {
      key: 'active',
      title: 'Aktif',
      width: 120,
      render: (_value, branch) =>
        branch.id === activeBranch?.id ? (
          <span style={{ color: '#52c41a' }}>
            <CheckIcon label="Aktif" size={20} />
          </span>
        ) : (
          <Button
            size="small"
            loading={switchingTo === branch.id}
            disabled={switchingTo !== null && switchingTo !== branch.id}
            aria-label={`Pilih ${branch.name}`}
            onClick={() => choose(branch)}
          >
            Pilih
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Ganti Sesi Cabang" />
      <Card>
        <Input.Search
          allowClear
          placeholder="Cari cabang"
          aria-label="Cari cabang"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 320, marginBottom: 16 }}
        />
        <Table<BranchRef>
          columns={columns}
          dataSource={rows}
          rowKey="id"
          pagination={false}
          locale={{ emptyText: 'Tidak ada data' }}
        />
      </Card>
    </>
  );
}
