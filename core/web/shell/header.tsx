import { observer } from 'mobx-react-lite';
import { useService } from '../di/container-context';
import { PageTitleService } from '../page/page-title-service';

/** The id the shell focuses after each navigation, so screen readers start at the new page. */
export const PAGE_TITLE_ID = 'page-title';

/** The page header (§9: 113 px): the current page's title. */
export const Header = observer(function Header() {
  const titles = useService<PageTitleService>(PageTitleService);
  return (
    <header className="civic-header">
      <h1 id={PAGE_TITLE_ID} className="civic-header-title" tabIndex={-1}>
        {titles.title}
      </h1>
    </header>
  );
});
