import { NonIdealState } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactElement;
  title: string;
  description?: ReactNode;
  /** The first thing to do ("Create entity"), per UX.md empty states. */
  action?: ReactElement;
  /** Where the title sits in the page outline: 2 under the page's h1, 3 inside a card. */
  headingLevel?: 2 | 3;
}

/**
 * Blueprint's NonIdealState with a heading at the right level of the page outline (Blueprint's
 * own title is always an h4, which skips levels under the page's h1).
 */
export function EmptyState(props: EmptyStateProps) {
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <NonIdealState
      icon={props.icon}
      description={
        <div>
          <Heading className="civic-empty-title">{props.title}</Heading>
          {props.description && <div className="civic-empty-description">{props.description}</div>}
        </div>
      }
      action={props.action}
    />
  );
}
