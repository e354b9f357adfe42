import type { AggregationColor } from 'antd/es/color-picker/color';

export declare const isBright: (value: AggregationColor, bgColorToken: string) => boolean;
