import type { ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: antd's FilterDropdown props, untyped in its module
declare const FilterDropdown: ComponentType<any>;
export default FilterDropdown;
export declare function flattenKeys(filters?: readonly { value: unknown; children?: unknown[] }[]): unknown[];
