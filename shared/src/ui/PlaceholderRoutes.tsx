import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';
import { RedirectHome } from './RedirectHome';

/**
 * The placeholder pages of one area (docs/screens.md#placeholder-pages) (e.g. mutation billing: list, add, edit/{id}, show/{id}): each named
 * sub-path shows "Segera hadir"; any other path goes to the root, as everywhere.
 */
export function PlaceholderRoutes({ title, paths = [''] }: { title: string; paths?: string[] }) {
  return (
    <Routes>
      {paths.map((path) =>
        path === '' ? (
          <Route key="index" index element={<ComingSoon title={title} />} />
        ) : (
          <Route key={path} path={path} element={<ComingSoon title={title} />} />
        ),
      )}
      <Route path="*" element={<RedirectHome />} />
    </Routes>
  );
}

/** List, add, edit and show: the sub-paths of most areas (docs/screens.md route table). */
export const CRUD_PATHS = ['', 'add', 'edit/:id', 'show/:id'];
