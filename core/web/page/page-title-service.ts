import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { CONSOLE_NAME } from '@civic/core/common/constants';

/** The current page's title: the shell header shows it, and it names the browser tab. */
export const PageTitleService = Symbol('PageTitleService');
export interface PageTitleService {
  readonly title: string;
  setTitle(title: string): void;
}

@injectable()
export class PageTitleServiceImpl implements PageTitleService {
  title = '';

  constructor() {
    makeObservable(this, { title: observable, setTitle: action });
  }

  setTitle(title: string): void {
    this.title = title;
    if (typeof document !== 'undefined') document.title = title ? `${title} · ${CONSOLE_NAME}` : CONSOLE_NAME;
  }
}
