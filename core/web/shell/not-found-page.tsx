import { Button } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Messages } from '@civic/core/common/messages';
import { useService } from '../di/container-context';
import { PageTitleService } from '../page/page-title-service';
import { EmptyState } from './empty-state';

/** An unknown path, or an app this user cannot see (the server answers 404 for both). */
export function NotFoundPage() {
  const titles = useService<PageTitleService>(PageTitleService);
  const navigate = useNavigate();
  useEffect(() => titles.setTitle('Page not found'), [titles]);
  return (
    <EmptyState
      icon={<SearchIcon size={48} />}
      title={Messages.notFound}
      description="The page does not exist, or it is not available to you."
      action={<Button text="Go to the dashboard" onClick={() => navigate('/dashboard')} />}
    />
  );
}
