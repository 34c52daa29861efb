import type { ReactNode } from 'react';

interface PageLayoutProps {
  title: string;
  /** Small label above the title naming the area (UCube, Admin, ...); may be a link to the area's home. */
  eyebrow?: ReactNode;
  lead?: string;
  children?: ReactNode;
}

/** The common frame of a screen: title block, then content. */
export function PageLayout({ title, eyebrow, lead, children }: PageLayoutProps) {
  return (
    <div className="page">
      <div className="page__head">
        {eyebrow ? <p className="page__eyebrow">{eyebrow}</p> : null}
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
