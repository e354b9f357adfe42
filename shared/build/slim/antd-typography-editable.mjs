// antd's Typography renders its editor only for `editable`, which the embedded view never passes.
import { lazyPart } from './lazy-part.mjs';

export default lazyPart(() => import('antd/es/typography/Editable.js'));
