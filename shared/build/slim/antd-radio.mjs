// antd's Table renders a Radio only for `rowSelection.type: 'radio'`, which the embedded view never asks for.
import { lazyPart } from './lazy-part.mjs';

export default lazyPart(() => import('antd/es/radio/index.js'));
