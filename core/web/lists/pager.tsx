import { Button } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { observer } from '../mobx/observer';
import type { PagedList } from './paged-list';
import { formatCount } from '@civic/core/common/format';

export interface PagerProps {
  list: Pick<PagedList<unknown>, 'pageNum' | 'pageSize' | 'total' | 'lastPage' | 'setPage'>;
  /** What the pages are of, for screen readers: "Pages of users". */
  label: string;
}

/** Previous / "26–50 of 1,204" / Next under a numbered-page table (UX.md "Lists"). */
export const Pager = observer(function Pager({ list, label }: PagerProps) {
  const first = list.total === 0 ? 0 : list.pageNum * list.pageSize + 1;
  const last = Math.min(list.total, (list.pageNum + 1) * list.pageSize);
  return (
    <nav className="civic-pager" aria-label={label}>
      <Button text="Previous" icon={<ChevronLeftIcon />} disabled={list.pageNum === 0} onClick={() => void list.setPage(list.pageNum - 1)} />
      <span>
        {first}–{last} of {formatCount(list.total)}
      </span>
      <Button text="Next" endIcon={<ChevronRightIcon />} disabled={list.pageNum >= list.lastPage} onClick={() => void list.setPage(list.pageNum + 1)} />
    </nav>
  );
});
