import { createContext, useContext, type ReactNode } from 'react';

/** The current route's own description (its manifest's `description`), given by the route to its page. */
export const RouteDescriptionContext = createContext<string | undefined>(undefined);

/** The description a page shows when it gives none of its own: its route's. */
export function useRouteDescription(): string | undefined {
  return useContext(RouteDescriptionContext);
}

/**
 * A page as it stands before its code or its data have come: the header row with the route's
 * description, where `Page` draws it, and what is loading below. The page document the build writes
 * (host/web/page-shells.tsx) and the shell's loading states draw it, so the description does not
 * move or blink out when the page itself arrives.
 */
export function PageLead(props: { description?: string; children: ReactNode }) {
  return (
    <div className="civic-page">
      {props.description !== undefined && (
        <div className="civic-page-header">
          <div className="civic-page-description">{props.description}</div>
        </div>
      )}
      <div className="civic-page-content">{props.children}</div>
    </div>
  );
}
