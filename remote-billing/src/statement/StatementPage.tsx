import {
  defaultStatementPeriod,
  formatDate,
  RecordFrame,
  STATEMENT_TITLE,
  type StudentStatement,
} from '@keuangan/shared';
import { Button, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LIST_PATH, LIST_TITLE } from '../constants';
import { useToday } from '../today';
import { type StatementPeriodAsked, useStatement, useStatementPdf } from './api';
import { StatementLines } from './StatementLines';
import { StatementPeriodForm } from './StatementPeriodForm';
import { StatementTotals } from './StatementTotals';

/** The student's bills (`/student-billing/student/{id}`), where the statement is opened from. */
const studentBillsPath = (studentId: number) => `${LIST_PATH}/student/${studentId}`;

/**
 * Rekening Siswa (`/student-billing/statement/{studentId}`, docs/screens.md#rekening-siswa): one student's bills,
 * items, discounts, payments and voids of a period in date order with the running balance, the totals, and the
 * PDF for parents. The period starts as the current school year.
 */
export function StatementPage() {
  const studentId = Number(useParams().studentId);
  const today = useToday();
  const [period, setPeriod] = useState<StatementPeriodAsked>(() => {
    const { from, to } = defaultStatementPeriod(today());
    return { date_from: from, date_to: to };
  });
  const record = useStatement(studentId, period);
  return (
    <RecordFrame
      title={STATEMENT_TITLE}
      breadcrumb={[
        { title: LIST_TITLE, path: LIST_PATH },
        { title: 'Tagihan Siswa', path: studentBillsPath(studentId) },
        { title: STATEMENT_TITLE },
      ]}
      record={record}
      loadingText="Memuat rekening siswa…"
      failedText="Rekening siswa tidak dapat dimuat"
      backTo={studentBillsPath(studentId)}
    >
      {(statement) => <StatementView statement={statement} onPeriod={setPeriod} />}
    </RecordFrame>
  );
}

function StatementView({
  statement,
  onPeriod,
}: {
  statement: StudentStatement;
  onPeriod: (period: StatementPeriodAsked) => void;
}) {
  const openPdf = useStatementPdf();
  const { student, period, lines, totals } = statement;
  const moved = lines.length > 1;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'name', label: 'Nama Siswa', children: student.name },
            { key: 'nis', label: 'NIS', children: student.nis },
            { key: 'department', label: 'Departemen', children: student.department },
            {
              key: 'period',
              label: 'Periode',
              children: `${formatDate(period.from)} s.d. ${formatDate(period.to)}`,
            },
          ]}
        />
        <Button onClick={() => openPdf(statement)}>Unduh PDF</Button>
      </Flex>
      <StatementPeriodForm from={period.from} to={period.to} onShow={onPeriod} />
      <StatementLines lines={lines} />
      {moved ? null : (
        <Typography.Paragraph type="secondary">Tidak ada transaksi pada periode ini.</Typography.Paragraph>
      )}
      <StatementTotals totals={totals} />
    </Flex>
  );
}
