import { CloseIcon, SearchIcon } from '@keuangan/shared/shell';
import { Input } from 'antd';
import { useState } from 'react';

/** A list's search box: runs on Enter or the search button (trimmed); the clear button searches ''. */
export function ListSearch({
  label,
  placeholder,
  onSearch,
}: {
  /** Names the box for screen readers ('Cari Siswa'). */
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear={{ clearIcon: <CloseIcon label="Hapus pencarian" /> }}
      searchIcon={<SearchIcon label="Cari" />}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onSearch(value.trim())}
      style={{ maxWidth: 420, marginTop: 12 }}
    />
  );
}
