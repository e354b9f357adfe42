// antd's Breadcrumb renders a Dropdown only for an item with `menu`, the Table's selection column only for
// `selections`: the embedded view passes neither; the trigger shows meanwhile.
import { lazyPart } from './lazy-part.mjs';

export default lazyPart(
  () => import('antd/es/dropdown/dropdown.js'),
  (props) => props.children,
);
