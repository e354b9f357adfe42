import { AntdProvider } from '@keuangan/shared/antd-provider';
import { type LoginRequest, LoginRequestSchema } from '@keuangan/shared/contract';
import { APP_NAME, apiErrorText, notifyError, Panel, useSession } from '@keuangan/shared/core';
import { useValibotForm } from '@keuangan/shared/form';
// /login is the front door and loads before anything else, so it stays off the shared antd (which
// carries every component the product uses): it takes just the few antd components it shows, by
// their own paths, the core of @keuangan/shared, its login schema and form hook. Same form pattern (useValibotForm),
// laid out by this page's own Form.Item, in the core's Card-like Panel. The router loads this page on demand,
// so a signed-in first load does not pay for its form. README "Measuring" has the figures.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { type ReactElement, useId } from 'react';
import { type Control, type ControllerRenderProps, useController } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

type LoginField = keyof LoginRequest;

/** One labelled login field with its message under it (the shared FormField, on this page's antd). */
function LoginFormField({
  control,
  name,
  label,
  children,
}: {
  control: Control<LoginRequest, unknown, LoginRequest>;
  name: LoginField;
  label: string;
  children: (
    input: ControllerRenderProps<LoginRequest, LoginField> & { id: string; 'aria-invalid': boolean },
  ) => ReactElement;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = `${useId()}-${name}`;
  const message = fieldState.error?.message;
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={message ? 'error' : undefined} help={message}>
      {children({ ...field, id, 'aria-invalid': Boolean(message) })}
    </Form.Item>
  );
}

/** Sign-in with username and password (docs/screens.md, docs/validation.md). */
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
    <AntdProvider>
      <Flex
        justify="center"
        align="center"
        style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}
      >
        <Panel style={{ width: '100%', maxWidth: 380 }}>
          <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0 }}>
            {APP_NAME}
          </Typography.Title>
          <form onSubmit={submit} noValidate aria-label="Login">
            <Form layout="vertical" component={false}>
              {/* The API calls the username field `email`. */}
              <LoginFormField control={control} name="email" label="Username">
                {(field) => <Input {...field} autoComplete="username" />}
              </LoginFormField>
              <LoginFormField control={control} name="password" label="Password">
                {(field) => <Input.Password {...field} autoComplete="current-password" />}
              </LoginFormField>
              <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
                Login
              </Button>
            </Form>
          </form>
        </Panel>
      </Flex>
    </AntdProvider>
  );
}
