import { Classes } from '@blueprintjs/core';

/** Where a page is still loading, skeleton lines in its place (UX: skeletons, not a blank page). */
export function PageSkeleton(props: { lines?: number }) {
  const lines = props.lines ?? 4;
  return (
    <div className="civic-page-skeleton" role="status" aria-label="Loading">
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`${Classes.SKELETON} civic-page-skeleton-line`} />
      ))}
    </div>
  );
}
