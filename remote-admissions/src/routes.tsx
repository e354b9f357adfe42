import { ComingSoon, RedirectHome, STYPE_ADMISSION, STYPE_TRANSFER, withOwnAntd } from '@keuangan/shared';
import { ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { AdmissionsArea } from './areas';
import { ClassFormPage } from './classes/ClassFormPage';
import { ClassListPage } from './classes/ClassListPage';
import { ClassShowPage } from './classes/ClassShowPage';
import { ClassStudentsPage } from './classes/ClassStudentsPage';
import { PROSPECT_AREAS, type ProspectStype } from './common/rules';
import { ProspectAddWarning } from './prospects/ProspectAddWarning';
import { ProspectListPage } from './prospects/ProspectListPage';
import { ProspectShowPage } from './prospects/ProspectShowPage';
import { StudentEditPage } from './students/StudentEditPage';
import { StudentListPage } from './students/StudentListPage';
import { StudentShowPage } from './students/StudentShowPage';

/** Calon Siswa (stype 1) and Calon Siswa Pindahan (stype 2): the same screens for either event type. */
function ProspectRoutes({ stype }: { stype: ProspectStype }) {
  const { title } = PROSPECT_AREAS[stype];
  return (
    <Routes>
      <Route index element={<ProspectListPage stype={stype} />} />
      <Route path="show/:id" element={<ProspectShowPage stype={stype} />} />
      {/* Add and edit are placeholders (docs/screens.md#placeholder-pages). */}
      <Route
        path="add"
        element={
          <ProspectAddWarning stype={stype}>
            <ComingSoon title={`Tambah ${title}`} />
          </ProspectAddWarning>
        }
      />
      <Route path="edit/:id" element={<ComingSoon title={`Ubah ${title}`} />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

function StudentRoutes() {
  return (
    <Routes>
      <Route index element={<StudentListPage />} />
      <Route path="show/:id" element={<StudentShowPage />} />
      <Route path="edit/:id" element={<StudentEditPage />} />
      {/* docs/screens.md#student-list: /student/search is where the student pages go back to: the list. */}
      <Route path="search" element={<Navigate to="/student" replace />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

function ClassRoutes() {
  return (
    <Routes>
      <Route index element={<ClassListPage />} />
      <Route path="add" element={<ClassFormPage />} />
      <Route path="edit/:id" element={<ClassFormPage />} />
      <Route path="show/:id" element={<ClassShowPage />} />
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

function ClassStudentRoutes() {
  return (
    <Routes>
      <Route path=":classId" element={<ClassStudentsPage />} />
      <Route path="*" element={<Navigate to="/class" replace />} />
    </Routes>
  );
}

/** Each area declared in `areas.ts` and its screens; the host mounts one area per top-level route. */
const AREA_ROUTES: Record<AdmissionsArea, ComponentType> = {
  'psb-event-prospective': () => <ProspectRoutes stype={STYPE_ADMISSION} />,
  'mutation-event-prospective': () => <ProspectRoutes stype={STYPE_TRANSFER} />,
  student: StudentRoutes,
  class: ClassRoutes,
  'class-student': ClassStudentRoutes,
};

function AdmissionsRoutes({ area }: { area: string }) {
  const AreaRoutes = AREA_ROUTES[area as AdmissionsArea];
  return AreaRoutes ? <AreaRoutes /> : <RedirectHome />;
}

export default withOwnAntd(ConfigProvider, AdmissionsRoutes);
