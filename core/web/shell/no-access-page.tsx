import { LockIcon } from '@blueprintjs/icons';
import { Messages } from '@civic/core/common/messages';
import { EmptyState } from './empty-state';

/** A page the route's predicate refuses; a disabled route says why (e.g. the Starter tier). */
export function NoAccessPage(props: { reason?: string }) {
  return (
    <EmptyState icon={<LockIcon size={48} />} title={Messages.forbidden} description={props.reason} />
  );
}
