/**
 * Inputs bound to react-hook-form through `FormField` (spread the field onto them): each takes a plain value
 * and calls `onChange` with a plain value, never an event. Used by the staff and the student forms.
 */

import { schoolToday } from '@keuangan/shared/core';
import { DatePicker, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { GENDERS } from '../contract';

/** A day after today in the active branch's zone (the school's calendar, not the browser's). */
const afterToday = (day: Dayjs) => day.format('YYYY-MM-DD') > schoolToday();

/** What `FormField` hands its input, less react-hook-form's ref (these inputs focus nothing themselves). */
export interface ChoiceProps<V> {
  id: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** The group's accessible name (a label cannot point at a group of checkboxes or radios). */
  label?: string;
}

/** One choice of several as radios: number codes (Jenis Kelamin, Menikah, Jenis Biaya) or words (a form's mode). */
export function CodeRadio<V extends number | string = number>({
  options,
  id,
  value,
  onChange,
  onBlur,
  name,
  label,
  disabled,
  ...aria
}: ChoiceProps<V | undefined | null> & {
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
}) {
  return (
    <Radio.Group
      id={id}
      name={name}
      role="radiogroup"
      aria-label={label}
      {...aria}
      disabled={disabled}
      value={value ?? undefined}
      onChange={(event) => onChange(event.target.value as V)}
      onBlur={onBlur}
    >
      {options.map((option) => (
        <Radio key={option.value} value={option.value}>
          {option.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** Jenis Kelamin: 1 Laki-Laki, 2 Perempuan. */
export const GenderRadio = (props: ChoiceProps<number | undefined | null>) => (
  <CodeRadio {...props} options={GENDERS} />
);

/** Tanggal lahir: the value is 'YYYY-MM-DD' ('' when empty); future dates cannot be picked. */
export function BirthDatePicker({
  id,
  value,
  onChange,
  onBlur,
  label: _label,
  name: _name,
  ...aria
}: ChoiceProps<string | null | undefined>) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      {...aria}
      value={date?.isValid() ? date : null}
      format="DD-MM-YYYY"
      placeholder="DD-MM-YYYY"
      disabledDate={afterToday}
      onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : '')}
      onBlur={onBlur}
      style={{ width: '100%' }}
    />
  );
}

/**
 * A filter's day (Rekap Kas Harian's Tanggal, Log Audit's Dari and Sampai): 'YYYY-MM-DD' in and out, shown
 * DD-MM-YYYY, never empty; days after today cannot be picked.
 */
export function DayPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <DatePicker
      id={id}
      allowClear={false}
      format="DD-MM-YYYY"
      value={dayjs(value)}
      disabledDate={afterToday}
      onChange={(day) => {
        if (day) onChange(day.format('YYYY-MM-DD'));
      }}
    />
  );
}
