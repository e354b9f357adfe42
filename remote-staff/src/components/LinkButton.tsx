import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const style = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  border: '1px solid #d9d9d9',
  borderRadius: 6,
} as const;

/**
 * A small icon-only link shaped like a button (a real link: it opens in a new tab too). `label` names it
 * for screen readers and shows as its tooltip.
 */
export function LinkButton({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Link to={to} aria-label={label} title={label} style={style}>
      {icon}
    </Link>
  );
}
