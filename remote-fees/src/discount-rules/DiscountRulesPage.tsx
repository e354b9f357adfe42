import { PageHeader } from '@keuangan/shared';
import { Card, Tabs } from 'antd';
import { CategoriesTab } from './CategoriesTab';
import { LIST_TITLE } from './constants';
import { RulesTab } from './RulesTab';

/** Aturan Potongan (docs/screens.md#aturan-potongan): the rules, and the students' categories they can target. */
export function DiscountRulesPage() {
  return (
    <>
      <PageHeader title={LIST_TITLE} breadcrumb={[{ title: LIST_TITLE }]} />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'rules', label: 'Aturan', children: <RulesTab /> },
            { key: 'categories', label: 'Kategori Siswa', children: <CategoriesTab /> },
          ]}
        />
      </Card>
    </>
  );
}
