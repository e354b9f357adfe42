import Breadcrumb from 'antd/es/breadcrumb';
import Flex from 'antd/es/flex';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HIDDEN_IN_PRINT } from '../print';

export interface BreadcrumbLink {
  title: string;
  /** Where the crumb links to; the last crumb (the current page) usually has none. */
  path?: string;
}

export interface PageHeaderProps {
  /** The page title, rendered as the page's h1. */
  title: string;
  /** Crumbs after 'Home' (which always links to '/'); defaults to the title alone. */
  breadcrumb?: BreadcrumbLink[];
  /** Buttons on the right of the title. */
  extra?: ReactNode;
}

/** The top of every page: breadcrumb 'Home > ...', the title and optional actions. */
export function PageHeader({ title, breadcrumb = [{ title }], extra }: PageHeaderProps) {
  const items = [{ title: 'Home', path: '/' }, ...breadcrumb].map((crumb) => ({
    key: `${crumb.title}-${crumb.path ?? ''}`,
    title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
  }));
  return (
    <header style={{ marginBottom: 16 }}>
      <Breadcrumb items={items} {...HIDDEN_IN_PRINT} />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginTop: 8 }}>
        {/* antd's Title look without Typography, whose editing brings antd's Input (README "Measuring"). */}
        <h1
          style={{ fontSize: 22, lineHeight: 1.21, fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)', margin: 0 }}
        >
          {title}
        </h1>
        {extra ? (
          <Flex gap={8} {...HIDDEN_IN_PRINT}>
            {extra}
          </Flex>
        ) : null}
      </Flex>
    </header>
  );
}
