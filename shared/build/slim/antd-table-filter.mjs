// antd's Table renders its filter dropdown (Menu, Tree, Dropdown, Radio) only for a column with `filters` or
// `filterDropdown`, which the embedded view's tables never have; the column's title shows meanwhile.
import { lazyPart } from './lazy-part.mjs';

export default lazyPart(
  () => import('antd/es/table/hooks/useFilter/FilterDropdown.js'),
  (props) => props.children,
);

/** antd's own (FilterDropdown.js, antd 6.6): the filters' values, nested ones included. */
export function flattenKeys(filters) {
  const keys = [];
  for (const { value, children } of filters || []) {
    keys.push(value);
    if (children) keys.push(...flattenKeys(children));
  }
  return keys;
}
