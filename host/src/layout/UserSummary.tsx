import type { SessionUser } from '@keuangan/shared/contract';
import { type CSSProperties, lazy, Suspense } from 'react';

// The role tags load when the user menu first opens, not with the first screen (README "Measuring").
const RoleTags = lazy(async () => ({ default: (await import('./RoleTags')).RoleTags }));

/** A tag's box (antd's small text, its padding and border): the titles take the tags' place until they load. */
const placeholderTag: CSSProperties = {
  display: 'inline-block',
  fontSize: 12,
  lineHeight: '20px',
  padding: '0 7px',
  border: '1px solid transparent',
};

/**
 * Name, user type, e-mail and roles at the top of the user menu. Nothing moves when the tags arrive: a click on
 * "Keluar" meanwhile must land on it.
 */
export function UserSummary({ user }: { user: SessionUser }) {
  return (
    <div style={{ maxWidth: 280, padding: '4px 0', whiteSpace: 'normal' }}>
      {/* Plain text in Typography's colours: Typography's editing would bring antd's Input to every page. */}
      <span style={{ display: 'block', fontWeight: 600 }}>{user.name}</span>
      <span style={{ display: 'block', color: 'rgba(0, 0, 0, 0.6)' }}>{user.utype_name}</span>
      {user.email ? <span style={{ display: 'block' }}>{user.email}</span> : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 8 }}>
        <Suspense
          fallback={user.roles.map((role) => (
            <span key={role.id} style={placeholderTag}>
              {role.title}
            </span>
          ))}
        >
          <RoleTags roles={user.roles} />
        </Suspense>
      </div>
    </div>
  );
}
