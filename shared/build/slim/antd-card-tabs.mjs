// antd's Card renders Tabs only for `tabList`, which the embedded view never passes.
import { lazyPart } from './lazy-part.mjs';

export default lazyPart(() => import('antd/es/tabs/index.js'));
