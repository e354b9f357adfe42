import {
  APP_NAME,
  apiErrorText,
  FormField,
  HookForm,
  LoginRequestSchema,
  notifyError,
  useSession,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Card, Flex, Input, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Sign-in with username and password (spec sections 2, 5 and 8). */
export function LoginPage() {
  const login = useSession((s) => s.login);
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useValibotForm(LoginRequestSchema, {
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await login(email, password);
      navigate('/', { replace: true });
    } catch (error) {
      notifyError(apiErrorText(error));
    }
  });

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 380 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0 }}>
          {APP_NAME}
        </Typography.Title>
        <HookForm onSubmit={submit} aria-label="Login">
          {/* The API calls the username field `email`. */}
          <FormField control={control} name="email" label="Username">
            {(field) => <Input {...field} autoComplete="username" />}
          </FormField>
          <FormField control={control} name="password" label="Password">
            {(field) => <Input.Password {...field} autoComplete="current-password" />}
          </FormField>
          <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
            Login
          </Button>
        </HookForm>
      </Card>
    </Flex>
  );
}
