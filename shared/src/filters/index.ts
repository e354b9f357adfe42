// The cascading filter (Departemen > Tahun Ajaran > Periode KBM > Tingkat > Kelas > Bulan), built once
// for the fee component list and form, the billing list and whatever else places data in a class-month.
export * from './AppliedFilterLine';
export * from './CascadeFilterBar';
export * from './calendar';
export * from './cascade';
export * from './FilterSelects';
export * from './prospect';
export * from './useCascadeFilter';
export * from './useCascadeOptions';
