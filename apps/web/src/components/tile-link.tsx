import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A large navigation card: icon, title and one line of description. */
export function TileLink({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon?: ReactNode;
}) {
  return (
    <li className="tile">
      <Link className="tile__link" to={to}>
        {icon ? (
          <span className="tile__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span className="tile__title">{title}</span>
        <span className="tile__description">{description}</span>
      </Link>
    </li>
  );
}

export function TileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="tile-grid" aria-label={label}>
      {children}
    </ul>
  );
}
