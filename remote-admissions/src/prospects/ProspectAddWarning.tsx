import { DEPARTMENT_FIRST_WARNING, readSavedFilter } from '@keuangan/shared';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { PROSPECT_AREAS, type ProspectStype } from '../common/rules';

/** The add placeholder warns, like the list's add button, while the list has no department chosen. */
export function ProspectAddWarning({ stype, children }: { stype: ProspectStype; children: ReactNode }) {
  const department = readSavedFilter(PROSPECT_AREAS[stype].storageKey).department_id;
  return (
    <>
      {typeof department === 'number' ? null : (
        <Alert type="warning" showIcon title={DEPARTMENT_FIRST_WARNING} style={{ marginBottom: 16 }} />
      )}
      {children}
    </>
  );
}
