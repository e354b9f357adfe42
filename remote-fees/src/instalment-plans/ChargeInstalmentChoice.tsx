import {
  apiErrorText,
  type ChargeInstalment,
  type InstalmentPlanRow,
  notifyError,
  type StudentFeeComponent,
} from '@keuangan/shared';
import { Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchActivePlans } from './api';

export type ChargeInstalmentDraft = { componentId?: number | undefined; planId?: number | undefined };

/** The charge's optional plan as the API takes it, or undefined when not both are chosen. */
export const chargeInstalmentOf = (draft: ChargeInstalmentDraft): ChargeInstalment | undefined =>
  draft.componentId && draft.planId
    ? { plan_id: draft.planId, student_fee_component_id: draft.componentId }
    : undefined;

/**
 * Bebankan's optional Cicilan (docs/screens.md#fee-component-list): one component of the class-month split by
 * an active plan for every student charged.
 */
export function ChargeInstalmentChoice({
  components,
  value,
  onChange,
}: {
  components: StudentFeeComponent[];
  value: ChargeInstalmentDraft;
  onChange: (draft: ChargeInstalmentDraft) => void;
}) {
  const [plans, setPlans] = useState<InstalmentPlanRow[]>([]);
  useEffect(() => {
    fetchActivePlans()
      .then((page) => setPlans(page.data))
      .catch((error: unknown) => notifyError(apiErrorText(error), 'Error'));
  }, []);
  if (plans.length === 0) return null;
  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 4 }}>Cicilan (opsional)</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Select<number>
          aria-label="Komponen yang dicicil"
          placeholder="Komponen"
          allowClear
          style={{ minWidth: 180 }}
          value={value.componentId}
          onChange={(componentId) => onChange({ ...value, componentId })}
          options={components
            .filter((c) => !c.student_billing_item)
            .map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select<number>
          aria-label="Rencana cicilan"
          placeholder="Rencana"
          allowClear
          style={{ minWidth: 180 }}
          value={value.planId}
          onChange={(planId) => onChange({ ...value, planId })}
          options={plans.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Flex>
    </>
  );
}
