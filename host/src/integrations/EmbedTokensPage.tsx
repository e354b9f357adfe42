import {
  apiErrorText,
  ConfirmDialog,
  EMBED_MESSAGES,
  EMBED_SCOPES,
  EMBED_TOKEN_DURATIONS,
  type EmbedTokenCreate,
  type EmbedTokenCreated,
  EmbedTokenCreateSchema,
  type EmbedTokenEntry,
  FormField,
  formatDateTimeIn,
  HookForm,
  isCancelledRequest,
  labelOf,
  notifyError,
  notifySuccess,
  PagedTable,
  PageHeader,
  PlusIcon,
  selectTimeZone,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  Modal,
  Select,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useEmbedTokenApi, useEmbedTokenList } from './api';

const TITLE = 'Token Integrasi';

const STATUS_TAGS = {
  active: <Tag color="green">Aktif</Tag>,
  expired: <Tag>Kedaluwarsa</Tag>,
  revoked: <Tag color="red">Dicabut</Tag>,
} as const;

/**
 * Token Integrasi (issue 22; finance editors): the tokens another module of the suite gives to the embedded
 * billing view (api/ROUTES.md "Embed tokens"). Buat Token mints one for the active branch and shows it once;
 * the list shows every token of the branch, newest first, and Cabut revokes one at once.
 */
export function EmbedTokensPage() {
  const tokens = useEmbedTokenApi();
  const query = useEmbedTokenList();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<EmbedTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<EmbedTokenEntry | null>(null);
  // Times on the branch's clock, whatever the browser's zone (docs/screens.md, "Token Integrasi").
  const zone = useSession(selectTimeZone);

  const revoke = async () => {
    if (!revoking) return;
    try {
      const answer = await tokens.revoke(revoking.id);
      notifySuccess(answer.message);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setRevoking(null);
    query.reload();
  };

  const columns: TableColumnsType<EmbedTokenEntry> = [
    { key: 'label', title: 'Label', render: (_v, t) => t.label },
    {
      key: 'scope',
      title: 'Cakupan',
      render: (_v, t) => (
        <Flex vertical>
          {labelOf(EMBED_SCOPES, t.scope)}
          {t.cashier_name ? <Tag color="blue">Kasir: {t.cashier_name}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'student',
      title: 'Siswa',
      render: (_v, t) => (t.student ? `${t.student.name} (${t.student.nis})` : 'Semua siswa cabang'),
    },
    {
      key: 'created',
      title: 'Dibuat',
      render: (_v, t) => `${formatDateTimeIn(t.created_at, zone)} · ${t.created_by ?? '-'}`,
    },
    { key: 'expires', title: 'Berlaku Sampai', render: (_v, t) => formatDateTimeIn(t.expires_at, zone) },
    {
      key: 'status',
      title: 'Status',
      render: (_v, t) => (
        <Flex vertical>
          {STATUS_TAGS[t.status]}
          {t.revoked_at ? (
            <Typography.Text type="secondary">
              {formatDateTimeIn(t.revoked_at, zone)} · {t.revoked_by ?? '-'}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: 'Aksi',
      render: (_v, t) =>
        t.status === 'active' ? (
          <Button danger size="small" onClick={() => setRevoking(t)} aria-label={`Cabut ${t.label}`}>
            Cabut
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={TITLE} />
      <Card
        extra={
          <Button type="primary" icon={<PlusIcon />} onClick={() => setCreating(true)}>
            Buat Token
          </Button>
        }
      >
        <Typography.Paragraph>
          Token untuk modul lain yang menampilkan billing siswa (misalnya portal orang tua). Token hanya
          berlaku untuk cabang aktif, paling lama 12 jam, dan dapat dicabut kapan saja. Hanya token kasir
          (bernama kasir) yang dapat mencatat pembayaran di loket; token lain hanya menampilkan tagihan.
        </Typography.Paragraph>
        <PagedTable<EmbedTokenEntry>
          aria-label="Daftar Token Integrasi"
          columns={columns}
          rowKey="id"
          {...query.tableProps}
        />
      </Card>
      {creating ? (
        <CreateTokenDialog
          onCancel={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
            query.reload();
          }}
        />
      ) : null}
      <Modal
        open={created !== null}
        title="Token Dibuat"
        // The token leaves the page with the dialog: it is shown this once.
        destroyOnHidden
        onCancel={() => setCreated(null)}
        footer={<Button onClick={() => setCreated(null)}>Selesai</Button>}
      >
        {created ? <CreatedToken created={created} /> : null}
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        mode="embed-revoke"
        name={revoking?.label}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

/** The minted token, shown this once, with a copy button. */
function CreatedToken({ created }: { created: EmbedTokenCreated }) {
  const zone = useSession(selectTimeZone);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      notifySuccess('Token disalin');
    } catch {
      notifyError('Token tidak dapat disalin: pilih teksnya lalu salin manual.', 'Error');
    }
  };
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={EMBED_MESSAGES.created} />
      <Input.TextArea
        aria-label="Token"
        value={created.token}
        readOnly
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      <Flex gap={8} align="center" wrap>
        <Button onClick={copy}>Salin Token</Button>
        <Typography.Text type="secondary">
          {labelOf(EMBED_SCOPES, created.data.scope)} · berlaku sampai{' '}
          {formatDateTimeIn(created.data.expires_at, zone)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

const DEFAULTS: EmbedTokenCreate = {
  label: '',
  scope: 'billing:read',
  student_id: null,
  expires_in_minutes: 60,
  cashier_name: '',
};

/** Buat Token: label, scope, one student or all of the branch, and how long it lives. */
function CreateTokenDialog({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (answer: EmbedTokenCreated) => void;
}) {
  const tokens = useEmbedTokenApi();
  const { control, handleSubmit, formState } = useValibotForm(EmbedTokenCreateSchema, {
    defaultValues: DEFAULTS,
  });
  const submit = handleSubmit(async (values) => {
    try {
      onCreated(await tokens.mint(values));
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  return (
    <Modal open title="Buat Token Integrasi" onCancel={onCancel} footer={null} destroyOnHidden>
      <HookForm onSubmit={submit} aria-label="Buat Token Integrasi">
        <FormField control={control} name="label" label="Label" required>
          {(field) => <Input {...field} maxLength={100} placeholder="mis. Portal Orang Tua" />}
        </FormField>
        <FormField control={control} name="scope" label="Cakupan" required>
          {(field) => <Select {...field} options={EMBED_SCOPES.map((s) => ({ ...s }))} />}
        </FormField>
        {/* Kasir: who takes the money at the counter with it; empty: a portal's token (docs/roles.md#embed-tokens). */}
        <FormField control={control} name="cashier_name" label="Nama Kasir (token kasir)">
          {(field) => (
            <Input
              {...field}
              value={field.value ?? ''}
              maxLength={100}
              placeholder="Kosongkan untuk portal: hanya melihat tagihan"
            />
          )}
        </FormField>
        <FormField control={control} name="student_id" label="Siswa">
          {(field) => <StudentPicker {...field} />}
        </FormField>
        <FormField control={control} name="expires_in_minutes" label="Masa Berlaku" required>
          {(field) => <Select {...field} options={EMBED_TOKEN_DURATIONS.map((d) => ({ ...d }))} />}
        </FormField>
        <Flex justify="end" gap={8}>
          <Button onClick={onCancel}>Batal</Button>
          <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
            Buat Token
          </Button>
        </Flex>
      </HookForm>
    </Modal>
  );
}

/** A student of the branch by name or NIS (empty: every student of the branch). */
function StudentPicker({
  value,
  onChange,
  id,
  ...aria
}: {
  value: number | null | '' | undefined;
  onChange: (value: number | null) => void;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}) {
  const { findStudents } = useEmbedTokenApi();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const chosen = useRef(new Map<number, string>());

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    findStudents(text, controller.signal)
      .then((page) => {
        setOptions(page.data.map((s) => ({ value: s.id, label: `${s.name} (${s.nis})` })));
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error');
        setLoading(false);
      });
    return () => controller.abort();
  }, [findStudents, text]);

  for (const option of options) chosen.current.set(option.value, option.label);
  const current = typeof value === 'number' ? value : undefined;
  const shown =
    current !== undefined && !options.some((o) => o.value === current)
      ? [{ value: current, label: chosen.current.get(current) ?? `#${current}` }, ...options]
      : options;
  return (
    <Select
      id={id}
      {...aria}
      allowClear
      showSearch
      filterOption={false}
      placeholder="Semua siswa cabang"
      loading={loading}
      value={current}
      options={shown}
      onSearch={setText}
      onChange={(next: number | undefined) => onChange(next ?? null)}
      notFoundContent={loading ? 'Memuat…' : 'Tidak ada siswa'}
    />
  );
}
