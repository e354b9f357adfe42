import {
  CheckIcon,
  CloseIcon,
  EditIcon,
  EMPLOYEE_STATUS_ACTIVE,
  type Employee,
  EyeIcon,
  formatDate,
  GENDERS,
  LinkButton,
  labelOf,
  PagedTable,
  PageHeader,
  PlusIcon,
  SearchIcon,
  STAFF_LIST_BADGE_ROLES,
  selectActiveBranch,
  selectIsFinanceEditor,
  useSession,
} from '@keuangan/shared';
import { Button, Card, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEmployeeList } from './api';
import { RoleTags } from './RoleTags';
import { rolesAmong, useMayChangeStaff } from './roles';

export const EMPLOYEE_PAGE_SIZE = 10;

/**
 * 'Pegawai' (docs/screens.md): the staff of the active branch, searched on Enter or the search icon, 10 per
 * page. Editing is for finance editors, on staff junior to them (the API's rule, `canManageStaff`). The rows
 * have no delete button: deleting is on the view.
 */
export function EmployeeListPage() {
  const navigate = useNavigate();
  const isEditor = useSession(selectIsFinanceEditor);
  const mayChange = useMayChangeStaff();
  const branch = useSession(selectActiveBranch);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const query = useEmployeeList(q, EMPLOYEE_PAGE_SIZE);

  const columns: TableColumnsType<Employee> = [
    {
      key: 'uname',
      title: 'Uname',
      render: (_value, e) => (
        <Flex vertical>
          <span>{e.user.uname}</span>
          {e.nip ? <Typography.Text type="secondary">#{e.nip}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'name',
      title: 'Nama',
      width: 320, // long branch names wrap instead of pushing Aksi out of view
      render: (_value, e) => (
        <Flex vertical gap={4}>
          <span>{e.name}</span>
          <RoleTags roles={rolesAmong(e.user.roles, STAFF_LIST_BADGE_ROLES)} />
          <Typography.Text type="secondary">{e.user.branches.map((b) => b.name).join(', ')}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'bio',
      title: 'Bio',
      render: (_value, e) => (
        <Flex vertical>
          <span>{labelOf(GENDERS, e.gender_id)}</span>
          <Typography.Text type="secondary">{formatDate(e.birth_date) || '-'}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: 'Aktif',
      width: 72,
      render: (_value, e) =>
        e.status === EMPLOYEE_STATUS_ACTIVE ? (
          <span style={{ color: '#52c41a' }}>
            <CheckIcon label="Aktif" size={20} />
          </span>
        ) : (
          <span style={{ color: '#ff4d4f' }}>
            <CloseIcon label="Tidak Aktif" size={20} />
          </span>
        ),
    },
    {
      key: 'actions',
      title: 'Aksi',
      width: 96,
      render: (_value, e) => (
        <Flex gap={8}>
          <LinkButton to={`show/${e.id}`} label={`Lihat ${e.name}`} icon={<EyeIcon />} />
          {isEditor && mayChange(e) ? (
            <LinkButton to={`edit/${e.id}`} label={`Edit ${e.name}`} icon={<EditIcon />} />
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Pegawai"
        extra={
          isEditor ? (
            <Button type="primary" icon={<PlusIcon />} onClick={() => navigate('add')}>
              Tambah
            </Button>
          ) : null
        }
      />
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear={{ clearIcon: <CloseIcon label="Hapus pencarian" /> }}
            placeholder="Cari nama, username atau NIP"
            aria-label="Cari pegawai"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setQ(value.trim())}
            searchIcon={<SearchIcon label="Cari" />}
            style={{ maxWidth: 360 }}
          />
          {branch ? (
            <Typography.Text type="secondary">
              Pegawai cabang <span data-testid="remote-session-branch">{branch.name}</span>
            </Typography.Text>
          ) : null}
        </Flex>
        <PagedTable<Employee>
          columns={columns}
          rowKey="id"
          aria-label="Daftar pegawai"
          {...query.tableProps}
        />
      </Card>
    </>
  );
}
