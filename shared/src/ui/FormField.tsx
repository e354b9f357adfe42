import { Button, Flex, Form } from 'antd';
import {
  type FormEventHandler,
  type KeyboardEventHandler,
  type ReactElement,
  type ReactNode,
  useId,
} from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';

/** The layout half of the form pattern (`useValibotForm` in form.ts is the other). A native form (so Enter submits) giving antd's vertical layout to the fields inside. */
export function HookForm({
  onSubmit,
  onKeyDown,
  children,
  'aria-label': ariaLabel,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Keys pressed anywhere in the form (a form's own shortcuts, such as the payment form's quick amounts). */
  onKeyDown?: KeyboardEventHandler<HTMLFormElement>;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={ariaLabel}>
      <Form layout="vertical" component={false}>
        {children}
      </Form>
    </form>
  );
}

/** What a field's input receives: react-hook-form's binding plus the ids that tie it to its label and error. */
export type FieldInputProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = ControllerRenderProps<TValues, TName> & {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export interface FormFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TOutput extends FieldValues = TValues,
> {
  control: Control<TValues, unknown, TOutput>;
  name: TName;
  label: ReactNode;
  required?: boolean;
  /** Renders the input: spread the props onto an antd input. */
  children: (input: FieldInputProps<TValues, TName>) => ReactElement;
}

/** One labelled field: antd `Form.Item` showing the field's validation message under the input. */
export function FormField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TOutput extends FieldValues = TValues,
>({ control, name, label, required = false, children }: FormFieldProps<TValues, TName, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const id = `${useId()}-${name}`;
  const helpId = `${id}-help`;
  const message = fieldState.error?.message;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={message ? 'error' : undefined}
      help={message ? <span id={helpId}>{message}</span> : undefined}
    >
      {children({
        ...field,
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? helpId : undefined,
      })}
    </Form.Item>
  );
}

/**
 * The buttons under a form: Simpan (submits; spins while saving) and Batal (leaves, disabled while
 * saving). `canSave` false disables Simpan (a user who may not write); `hideSave` leaves it out (a
 * record that cannot change).
 */
export function FormActions({
  submitting,
  onCancel,
  canSave = true,
  hideSave = false,
  saveLabel = 'Simpan',
}: {
  submitting: boolean;
  onCancel: () => void;
  canSave?: boolean;
  hideSave?: boolean;
  /** The save button's words, where the screen names its action ('Buat Billing Tambahan'). */
  saveLabel?: string;
}) {
  return (
    <Flex gap={8}>
      {hideSave ? null : (
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={submitting}>
          {saveLabel}
        </Button>
      )}
      <Button onClick={onCancel} disabled={submitting}>
        Batal
      </Button>
    </Flex>
  );
}
