import type { DiscountApplyPreview, DiscountRule } from '@keuangan/shared';
import { installFakeApi } from '@keuangan/shared/test';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApplyRuleDialog } from '../src/discount-rules/ApplyRuleDialog';

const PREVIEW: DiscountApplyPreview = {
  count: 2,
  total: 50_000,
  items: [7, 8].map((n) => ({
    item_id: n,
    bill_number: `INV-BDG-2608-0000${n}`,
    mm: '2026-08',
    student_id: 50 + n,
    student_name: `Siswa ${n}`,
    class_name: '5B',
    fee_type_name: 'SPP',
    price: 250_000,
    qty: 1,
    discount: 25_000,
    total_discount: 25_000,
  })),
};

describe('Terapkan ke tagihan yang belum dibayar', () => {
  it("names each previewed item's bill by its number", async () => {
    installFakeApi({ 'GET /api/discount-rules/3/apply-preview': { body: PREVIEW } });
    render(
      <ApplyRuleDialog
        rule={{ id: 3, name: 'Yatim SPP' } as DiscountRule}
        onClose={() => {}}
        onApplied={() => {}}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Item yang mendapat potongan' });
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('No. Billing');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'INV-BDG-2608-00007',
      'INV-BDG-2608-00008',
    ]);
  });
});
