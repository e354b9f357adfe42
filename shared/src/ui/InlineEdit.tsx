import { EditIcon } from '@keuangan/shared/shell';
import { Button, Flex, Input, InputNumber, Spin, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import * as v from 'valibot';
import { parseRupiah, rupiahInputText, rupiahProblemText } from '../contract/money';
import { MoneyInput } from './MoneyInput';

type Draft = string | number | null;

export interface InlineEditProps {
  /** What is edited, for the button and input names: 'Nama', 'Biaya', 'Qty'. */
  label: string;
  /** The row it belongs to (its name), so each button has a distinct accessible name. */
  rowName: string;
  value: string | number;
  /** The value as shown when not editing. */
  display: ReactNode;
  /**
   * 'money': rupiah typed the Indonesian way (`MoneyInput`: '150.000' is a hundred and fifty thousand);
   * 'number': whole numbers (quantities), a fraction typed is rounded; 'text'.
   */
  kind: 'text' | 'number' | 'money';
  /** The contract's schema of the value: its message shows under the input. */
  schema: v.GenericSchema<unknown, string | number>;
  /** Saves the checked value; throw to stay in edit mode (the caller reports the failure). */
  onSave: (value: string | number) => Promise<void>;
}

/**
 * A value edited in place (the fee component list's name and price, a bill item's price, discount, bail and
 * qty): the pencil button opens an input; Enter or leaving the input saves, Escape cancels. A spinner shows while saving; an invalid or refused value keeps the input open with what was
 * typed, so nothing is lost.
 */
export function InlineEdit({ label, rowName, value, display, kind, schema, onSave }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set from a save or a cancel until the editor opens again: the blur that follows Enter, Escape or the
  // input's removal must not save a second time.
  const busy = useRef(false);

  const open = () => {
    busy.current = false;
    setDraft(kind === 'money' && typeof value === 'number' ? rupiahInputText(value) : value);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    busy.current = true;
    setEditing(false);
    setError(null);
  };

  const save = async () => {
    if (busy.current) return;
    let candidate = draft;
    if (kind === 'money') {
      // What is wrong with the text itself, in the field's words ('Biaya tidak boleh negatif').
      const parsed = parseRupiah(typeof draft === 'string' ? draft : '');
      if (!parsed.ok || parsed.value === null) {
        setError(parsed.ok ? `${label} tidak boleh kosong` : rupiahProblemText(label, parsed.problem));
        return;
      }
      candidate = parsed.value;
    } else if (kind === 'number' && typeof draft === 'number') {
      // Quantities are whole numbers: a fraction typed is rounded, as the forms do.
      candidate = Math.round(draft);
    }
    const checked = v.safeParse(schema, candidate);
    if (!checked.success) {
      setError(checked.issues[0]?.message ?? 'Nilai tidak valid');
      return;
    }
    if (checked.output === value) {
      close();
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      await onSave(checked.output);
      close();
    } catch {
      // Reported by the caller; the input stays open with the typed value.
      busy.current = false;
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  if (!editing) {
    return (
      <Flex align="center" gap={4}>
        <span>{display}</span>
        <Button
          type="text"
          size="small"
          icon={<EditIcon />}
          aria-label={`Ubah ${label} ${rowName}`}
          title={`Ubah ${label}`}
          onClick={open}
        />
      </Flex>
    );
  }

  const inputProps = {
    autoFocus: true,
    disabled: saving,
    status: error ? ('error' as const) : undefined,
    'aria-label': `${label} ${rowName}`,
    'aria-invalid': Boolean(error),
    onKeyDown,
    onPressEnter: save,
    onBlur: save,
  };
  return (
    <div>
      <Flex align="center" gap={8}>
        {kind === 'money' ? (
          <MoneyInput
            {...inputProps}
            value={typeof draft === 'string' ? draft : ''}
            onChange={(text) => setDraft(text)}
            style={{ width: 180 }}
          />
        ) : kind === 'number' ? (
          <InputNumber<number>
            {...inputProps}
            value={typeof draft === 'number' ? draft : null}
            onChange={(next) => setDraft(next)}
            min={0}
            precision={0}
            style={{ width: 160 }}
          />
        ) : (
          <Input
            {...inputProps}
            value={typeof draft === 'string' ? draft : ''}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={150}
            style={{ minWidth: 180 }}
          />
        )}
        {saving ? (
          <span role="status" aria-label="Menyimpan">
            <Spin size="small" />
          </span>
        ) : null}
      </Flex>
      {error ? (
        // Its own line, wrapping: the whole message shows, whatever the column's width.
        <Typography.Text
          type="danger"
          role="alert"
          style={{ display: 'block', whiteSpace: 'normal', minWidth: 180, maxWidth: 260 }}
        >
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
