import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { contrastRatio } from '../src/color';
import { PasswordChangeSchema } from '../src/contract';
import { useValibotForm } from '../src/form';
import { notifyError, notifySuccess } from '../src/toast';
import { AppProviders } from '../src/ui/AppProviders';
import { ConfirmDialog } from '../src/ui/ConfirmDialog';
import { FormField, HookForm } from '../src/ui/FormField';
import { STATUS_TAG_COLORS, StatusTag } from '../src/ui/StatusTag';

/** `rgb(35, 120, 4)` as numbers. */
const rgbOf = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);

describe('StatusTag', () => {
  it('reaches WCAG AA (4.5:1) for its text in every colour, as antd draws it', () => {
    for (const color of Object.keys(STATUS_TAG_COLORS) as (keyof typeof STATUS_TAG_COLORS)[]) {
      render(<StatusTag color={color}>{`Tanda ${color}`}</StatusTag>);
      const tag = screen.getByText(`Tanda ${color}`);
      const { color: text, backgroundColor } = tag.style;
      expect(text && backgroundColor, color).toBeTruthy();
      expect(contrastRatio(rgbOf(text), rgbOf(backgroundColor)), color).toBeGreaterThanOrEqual(4.5);
    }
    // antd's own light green tag, which Rekening Siswa showed: 3.37:1.
    expect(contrastRatio([0x38, 0x9e, 0x0d], [0xf6, 0xff, 0xed])).toBeLessThan(4.5);
  });
});

describe('ConfirmDialog', () => {
  it('asks before deleting, with Batal and Ya', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open mode="delete" name="Siti" onConfirm={() => {}} onCancel={onCancel} />);
    screen.getByText('Konfirmasi');
    screen.getByText('Apakah Anda yakin untuk menghapus data Siti ?');
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('names the action of the charging mode', () => {
    render(<ConfirmDialog open mode="student-billing" onConfirm={() => {}} onCancel={() => {}} />);
    screen.getByText('Membebankan Komponen Pada Siswa');
    screen.getByRole('button', { name: 'Bebankan' });
  });

  it('shows a spinner on Ya while the action runs', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ConfirmDialog open mode="delete-batch" onConfirm={onConfirm} onCancel={() => {}} />);
    const yes = screen.getByRole('button', { name: 'Ya' });
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(yes.className).toContain('ant-btn-loading'));
    expect((screen.getByRole('button', { name: 'Batal' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(yes.className).not.toContain('ant-btn-loading'));
  });
});

describe('toasts', () => {
  it('shows a titled error with one line per message and closes on click', async () => {
    render(<AppProviders>{null}</AppProviders>);
    notifyError('Nama wajib diisi\nAgama wajib diisi', 'Error');
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('strong')?.textContent).toBe('Error');
    expect(alert.textContent).toContain('Nama wajib diisi\nAgama wajib diisi');
    fireEvent.click(screen.getByRole('button', { name: 'Tutup notifikasi' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the spec\'s "centered" toasts at the top centre, the others at the top right', async () => {
    render(<AppProviders>{null}</AppProviders>);
    notifySuccess('Password berhasil diubah.', { centered: true });
    notifyError('Gagal', 'Error');
    const alignment = (element: HTMLElement) => {
      for (let e: HTMLElement | null = element; e; e = e.parentElement) {
        if (e.style.justifyContent) return e.style.justifyContent;
      }
      return undefined;
    };
    expect(alignment(await screen.findByRole('status'))).toBe('center');
    expect(alignment(await screen.findByRole('alert'))).toBe('flex-end');
  });

  it('announces successes politely', async () => {
    render(<AppProviders>{null}</AppProviders>);
    notifySuccess('Password berhasil diubah.');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Password berhasil diubah.');
  });
});

function PasswordForm({ onValid }: { onValid: (values: unknown) => void }) {
  const { control, handleSubmit } = useValibotForm(PasswordChangeSchema, {
    defaultValues: { old_password: '', new_password: '', new_password_confirmation: '' },
  });
  return (
    <HookForm onSubmit={handleSubmit(onValid)}>
      <FormField control={control} name="old_password" label="Password Lama">
        {(field) => <Input.Password {...field} />}
      </FormField>
      <FormField control={control} name="new_password" label="Password Baru">
        {(field) => <Input.Password {...field} />}
      </FormField>
      <FormField control={control} name="new_password_confirmation" label="Konfirmasi Password Baru">
        {(field) => <Input.Password {...field} />}
      </FormField>
      <Button htmlType="submit">Simpan</Button>
    </HookForm>
  );
}

describe('FormField with a valibot schema', () => {
  it("passes keys pressed in any of the form's fields to its onKeyDown (a form's own shortcuts)", () => {
    const keys: string[] = [];
    render(
      <HookForm onSubmit={(event) => event.preventDefault()} onKeyDown={(event) => keys.push(event.key)}>
        <Input aria-label="Satu" />
        <Input aria-label="Dua" />
      </HookForm>,
    );
    fireEvent.keyDown(screen.getByLabelText('Satu'), { key: 'F2' });
    fireEvent.keyDown(screen.getByLabelText('Dua'), { key: 'F8' });
    expect(keys).toEqual(['F2', 'F8']);
  });

  it('labels the inputs, shows the schema messages after submit and submits valid values', async () => {
    const onValid = vi.fn();
    render(<PasswordForm onValid={onValid} />);
    expect(screen.queryByText('Password Lama tidak boleh kosong')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Password Lama tidak boleh kosong');
    screen.getByText('Password Baru tidak boleh kosong');
    screen.getByText('Konfirmasi Password Baru tidak boleh kosong');
    expect(screen.getByLabelText('Password Lama').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Password Lama'), { target: { value: 'lama' } });
    fireEvent.change(screen.getByLabelText('Password Baru'), { target: { value: 'baru123' } });
    fireEvent.change(screen.getByLabelText('Konfirmasi Password Baru'), { target: { value: 'baru124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Konfirmasi Password tidak cocok');
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Konfirmasi Password Baru'), { target: { value: 'baru123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledOnce());
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      old_password: 'lama',
      new_password: 'baru123',
      new_password_confirmation: 'baru123',
    });
  });
});
