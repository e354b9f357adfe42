/**
 * Pengingat Tagihan's pieces in the contract: the phone normalizer (Indonesian mobile numbers to +62, anything else
 * null), the WhatsApp link and the one reminder message.
 */
import { describe, expect, it } from 'vitest';
import {
  formatRupiah,
  normalizePhone,
  reminderMessage,
  reminderMonthName,
  whatsappLink,
} from '../src/contract';

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '+6281234567890'],
    ['0812-3456-7890', '+6281234567890'],
    ['62812 3456 7890', '+6281234567890'],
    ['+62 812-3456-789', '+628123456789'],
    ['(0812) 3456.7890', '+6281234567890'],
    ['0812345678', '+62812345678'],
  ])('%s -> %s', (raw, normalized) => {
    expect(normalizePhone(raw)).toBe(normalized);
  });

  it.each([
    ['(022) 2501234'],
    ['0215551234'],
    ['+1 415 555 0100'],
    ['0812'],
    ['08123456789012345'],
    ['0812abc45678'],
    [''],
  ])('%s is not an Indonesian mobile number', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('has nothing to normalize when there is no number', () => {
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
});

describe('the reminder message and its WhatsApp link', () => {
  const input = {
    student_name: 'Budi Santoso',
    class_name: '2B',
    months: ['2026-07', '2026-08'],
    total: 1_250_000,
  };

  it('names the student, the months and the total, politely', () => {
    const message = reminderMessage(input);
    expect(message).toContain('Yth. Bapak/Ibu Orang Tua/Wali dari Budi Santoso (2B)');
    expect(message).toContain(`${reminderMonthName('2026-07')} dan ${reminderMonthName('2026-08')}`);
    expect(message).toContain(formatRupiah(1_250_000));
    expect(message).toContain('Terima kasih');
    expect(reminderMonthName('2026-07')).toBe('Juli 2026');
  });

  it('lists three months with commas and signs with the school when given', () => {
    const message = reminderMessage({
      ...input,
      months: ['2026-07', '2026-08', '2026-09'],
      school_name: 'Sekolah X',
    });
    expect(message).toContain('Juli 2026, Agustus 2026 dan September 2026');
    expect(message).toContain('Sekolah X');
  });

  it('links wa.me with the digits and the encoded text', () => {
    const link = whatsappLink('+6281234567890', 'Halo & terima kasih\nRp 1.000');
    expect(link).toBe(
      `https://wa.me/6281234567890?text=${encodeURIComponent('Halo & terima kasih\nRp 1.000')}`,
    );
    expect(decodeURIComponent(new URL(link).searchParams.get('text') ?? '')).toBe(
      'Halo & terima kasih\nRp 1.000',
    );
  });
});
