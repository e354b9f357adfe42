import {
  apiErrorText,
  FormField,
  HookForm,
  notifyError,
  notifySuccess,
  PageHeader,
  type PasswordChangeRequest,
  PasswordChangeSchema,
  UserIcon,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import { Avatar, Button, Card, Col, Descriptions, Flex, Input, Row, Tag } from 'antd';
import { userAvatarUrl } from '../layout/userAvatar';

const EMPTY_PASSWORDS: PasswordChangeRequest = {
  old_password: '',
  new_password: '',
  new_password_confirmation: '',
};

/**
 * Changing the password (docs/validation.md): the form is emptied after success and after failure. The
 * account's sessions elsewhere end (api/README.md, "Security").
 */
function ChangePasswordCard() {
  const changePassword = useSession((s) => s.changePassword);
  const { control, handleSubmit, formState, reset } = useValibotForm(PasswordChangeSchema, {
    defaultValues: EMPTY_PASSWORDS,
  });

  const submit = handleSubmit(async (values) => {
    try {
      // The server ends the account's other sessions; this one goes on with the token it answers.
      await changePassword(values);
      // Both centred (docs/validation.md#how-messages-appear).
      notifySuccess('Password berhasil diubah.', { centered: true });
    } catch (error) {
      notifyError(apiErrorText(error), 'Error', { centered: true });
    }
    reset(EMPTY_PASSWORDS);
  });

  return (
    <Card title="Ganti Password">
      <HookForm onSubmit={submit} aria-label="Ganti Password">
        <FormField control={control} name="old_password" label="Password Lama">
          {(field) => <Input.Password {...field} autoComplete="current-password" />}
        </FormField>
        <FormField control={control} name="new_password" label="Password Baru">
          {(field) => <Input.Password {...field} autoComplete="new-password" />}
        </FormField>
        <FormField control={control} name="new_password_confirmation" label="Konfirmasi Password Baru">
          {(field) => <Input.Password {...field} autoComplete="new-password" />}
        </FormField>
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
          Simpan
        </Button>
      </HookForm>
    </Card>
  );
}

/** The signed-in user's profile, read-only (docs/screens.md), and the password change. */
export function ProfilePage() {
  const user = useSession((s) => s.user);
  if (!user) return null; // the route guard loads the user first

  return (
    <>
      <PageHeader title="Profil" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title="Profil"
            extra={
              // Editing the profile belongs to the suite's account module (a disabled button: docs/screens.md#profile).
              <Button disabled>Edit</Button>
            }
          >
            <Flex gap={24} wrap align="flex-start">
              <Avatar
                size={96}
                src={userAvatarUrl(user)}
                icon={<UserIcon size={48} />}
                alt={`Foto ${user.name}`}
              />
              <Descriptions column={1} style={{ flex: 1, minWidth: 240 }}>
                <Descriptions.Item label="Nama Lengkap">{user.name}</Descriptions.Item>
                <Descriptions.Item label="Email">
                  <Flex gap={8} wrap align="center">
                    {user.email ?? '-'}
                    {user.google_id_registran ? <Tag color="green">Google terhubung</Tag> : null}
                  </Flex>
                </Descriptions.Item>
                <Descriptions.Item label="Username">{user.uname}</Descriptions.Item>
                <Descriptions.Item label="Tipe User">{user.utype_name}</Descriptions.Item>
                <Descriptions.Item label="Role">
                  <Flex gap={4} wrap>
                    {user.roles.map((role) => (
                      <Tag key={role.id} style={{ marginInlineEnd: 0 }}>
                        {role.title}
                      </Tag>
                    ))}
                  </Flex>
                </Descriptions.Item>
                <Descriptions.Item label="Cabang Aktif">
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {user.branches.map((branch) => (
                      <li key={branch.id}>{branch.name}</li>
                    ))}
                  </ul>
                </Descriptions.Item>
              </Descriptions>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <ChangePasswordCard />
        </Col>
      </Row>
    </>
  );
}
