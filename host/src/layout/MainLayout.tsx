import { type SessionUser, timeZoneLabel } from '@keuangan/shared/contract';
import { APP_NAME, APP_VERSION, selectActiveBranch, useSession } from '@keuangan/shared/core';
import { AntdProvider, HIDDEN_IN_PRINT, LogoutIcon, MenuIcon, UserIcon } from '@keuangan/shared/shell';
import type { MenuProps } from 'antd';
// The avatar alone: antd's avatar index adds Avatar.Group, and Popover with it (README "Measuring").
import Avatar from 'antd/es/avatar/Avatar';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import theme from 'antd/es/theme';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { StudentSearchBox } from '../search/StudentSearchBox';
import { useSignOut } from '../session/useSignOut';
import { menuItemsFor, menuSelection } from './menu';
import { UserSummary } from './UserSummary';
import { useNarrowScreen } from './useNarrowScreen';
import { userAvatarUrl } from './userAvatar';

const SIDEBAR_ID = 'app-sidebar';
const SIDEBAR_WIDTH = 220;

/** The product mark: a rounded square with a 'K'. */
function Logo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0958d9" />
      <path
        d="M11 8v16M11 16l9-8M13.5 14l7 10"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Logo, product name, active branch (links to branch selection) and the menu. */
function SidebarContent({ onLeafChosen }: { onLeafChosen: () => void }) {
  const { pathname } = useLocation();
  const activeBranch = useSession(selectActiveBranch);
  const user = useSession((s) => s.user);
  const roleSlugs = useMemo(() => user?.roles.map((r) => r.slug) ?? [], [user]);
  const items = useMemo(() => menuItemsFor(roleSlugs), [roleSlugs]);
  const { selected, group } = menuSelection(pathname, roleSlugs);
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);

  // Arriving on a page of a closed group (a dashboard tile, a link) opens that group.
  useEffect(() => {
    if (group) setOpenKeys([group]);
  }, [group]);

  // Accordion: opening a group closes the other one.
  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [opened] : keys.filter((key) => openKeys.includes(key)));
  };

  return (
    <nav aria-label="Menu utama">
      <Flex align="center" gap={10} style={{ padding: '16px 20px 8px' }}>
        <Logo />
        <span style={{ color: '#fff', fontSize: 20, fontWeight: 600 }}>{APP_NAME}</span>
      </Flex>
      <Link
        to="/branch-select"
        data-testid="active-branch"
        title="Ganti Sesi Cabang"
        style={{ display: 'block', padding: '4px 20px 0', color: 'rgba(255,255,255,0.75)' }}
      >
        {activeBranch?.name ?? '-'}
      </Link>
      <div
        data-testid="active-branch-zone"
        title="Zona waktu cabang: tanggal hari ini mengikuti zona ini"
        style={{ padding: '0 20px 16px', color: 'rgba(255,255,255,0.5)', fontSize: 12 }}
      >
        Zona waktu {timeZoneLabel(activeBranch?.time_zone)}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={onOpenChange}
        onClick={onLeafChosen}
      />
    </nav>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const items: MenuProps['items'] = [
    {
      key: 'summary',
      type: 'group',
      label: <UserSummary user={user} />,
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserIcon />, label: <Link to="/profile">Profil</Link> },
    {
      key: 'logout',
      icon: <LogoutIcon />,
      danger: true,
      label: 'Keluar',
      onClick: signOut,
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" autoFocus>
      <Button type="text" data-testid="user-menu" style={{ height: 'auto', padding: '4px 8px' }}>
        <Avatar size="small" src={userAvatarUrl(user)} icon={<UserIcon />} alt="" />
        <span>{user.name}</span>
      </Button>
    </Dropdown>
  );
}

const overlayStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 999,
  border: 0,
  padding: 0,
  background: 'rgba(0, 0, 0, 0.45)',
  cursor: 'pointer',
};

/**
 * The shell around every signed-in page: collapsible sidebar, top bar with the user menu, the
 * page, and the footer. At 992 px and below the sidebar starts collapsed and, when opened, lies
 * over the page with a dark overlay that closes it on click or tap.
 */
export function MainLayout() {
  const user = useSession((s) => s.user);
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(narrow);
  const { token } = theme.useToken();

  // Crossing the breakpoint collapses (narrow) or expands (wide) the sidebar.
  useEffect(() => setCollapsed(narrow), [narrow]);

  const sidebarStyle: CSSProperties = narrow
    ? { position: 'fixed', insetBlock: 0, insetInlineStart: 0, zIndex: 1000, overflowY: 'auto' }
    : { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' };

  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        id={SIDEBAR_ID}
        data-testid="sidebar"
        data-collapsed={String(collapsed)}
        width={SIDEBAR_WIDTH}
        collapsedWidth={0}
        collapsed={collapsed}
        trigger={null}
        style={sidebarStyle}
        {...HIDDEN_IN_PRINT}
      >
        {/* Not rendered while collapsed, so hidden links cannot take keyboard focus. */}
        {collapsed ? null : <SidebarContent onLeafChosen={() => narrow && setCollapsed(true)} />}
      </Layout.Sider>
      {narrow && !collapsed ? (
        <button
          type="button"
          aria-label="Tutup menu"
          tabIndex={-1}
          style={overlayStyle}
          onClick={() => setCollapsed(true)}
        />
      ) : null}
      <Layout>
        <Layout.Header
          {...HIDDEN_IN_PRINT}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            paddingInline: 16,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={<MenuIcon size={20} />}
            aria-label="Buka/tutup menu"
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Flex align="center" gap={12}>
            <StudentSearchBox />
            {user ? <UserMenu user={user} /> : null}
          </Flex>
        </Layout.Header>
        {/* antd renders Header, Content and Footer as <header>, <main> and <footer>. */}
        <Layout.Content style={{ padding: narrow ? 16 : 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }} {...HIDDEN_IN_PRINT}>
          {/* The version opens Tentang: the build of the host and of each remote. */}
          {APP_NAME}{' '}
          <Link to="/tentang" style={{ textDecoration: 'underline' }}>
            v{APP_VERSION}
          </Link>{' '}
          © {new Date().getFullYear()}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** The layout inside antd's Indonesian provider: everything signed in renders below it. */
export function SignedInLayout() {
  return (
    <AntdProvider>
      <MainLayout />
    </AntdProvider>
  );
}
