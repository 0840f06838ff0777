import { Button } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { observer } from '../mobx/observer';
import { useService } from '../di/container-context';
import { PageTitleService } from '../page/page-title-service';
import { PAGE_TITLE_ID } from './shell-ids';

export { PAGE_TITLE_ID };

/** The sidebar drawer's button, shown on narrow screens only (shell.css). */
export interface HeaderNavToggle {
  id: string;
  open: boolean;
  /** The sidebar's id. */
  controls: string;
  onToggle(): void;
}

/** The page header (§9: 113 px): the current page's title, and on a narrow screen the Menu button. */
export const Header = observer(function Header(props: { nav?: HeaderNavToggle }) {
  const titles = useService<PageTitleService>(PageTitleService);
  const { nav } = props;
  return (
    <header className="civic-header">
      {nav && (
        <Button
          id={nav.id}
          className="civic-nav-toggle"
          variant="minimal"
          icon={<MenuIcon />}
          text="Menu"
          aria-expanded={nav.open}
          aria-controls={nav.controls}
          onClick={nav.onToggle}
        />
      )}
      <h1 id={PAGE_TITLE_ID} className="civic-header-title" tabIndex={-1}>
        {titles.title}
      </h1>
    </header>
  );
});
