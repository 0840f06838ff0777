import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A card of the public layout: the page's one h1, then its content (login, signup, reset …). */
export function PublicCard(props: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card className="civic-login-card" elevation={2}>
      <h1 id="page-title" className="civic-login-title" tabIndex={-1}>
        {props.title}
      </h1>
      {props.intro && <p className="civic-login-intro">{props.intro}</p>}
      {props.children}
    </Card>
  );
}

/** Links under a public card ("Back to sign in", "Forgot password?"). */
export function CardLinks(props: { links: Array<{ to: string; text: string }> }) {
  return (
    <p className="civic-login-links">
      {props.links.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.text}
        </Link>
      ))}
    </p>
  );
}
