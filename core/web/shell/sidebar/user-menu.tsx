import { Button, type ButtonProps } from '@blueprintjs/core';
import { CaretDownIcon, UserIcon } from '@blueprintjs/icons';
import { observer } from '../../mobx/observer';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthService } from '../../auth/auth-service';
import { isCoreRoute } from '../../auth/identity-routes';
import { ConsoleConfigService } from '../../config/console-config-service';
import { useService } from '../../di/container-context';
import { PluginCatalog } from '../../plugins/plugin-catalog';
import { deferredPart, useDeferredPart } from '../deferred-part';

/** §2 paths of the user menu. SETTINGS shows once the core or a plugin serves it: no dead links. */
export const UserMenuPaths = { settings: '/settings' } as const;

/** The menu's popover: fetched when the menu is first opened (deferred-part.ts). */
const popover = deferredPart(() => import('./user-menu-popover'));

/** The user's name with a menu: SETTINGS, HELP (the guide, in a new tab), LOG OUT (§2). */
export const UserMenu = observer(function UserMenu() {
  const auth = useService<AuthService>(AuthService);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const navigate = useNavigate();
  const buttonId = useId();
  const { module, request, prefetch } = useDeferredPart(popover);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const user = auth.user;
  if (!user) return null;

  const target = (targetProps: ButtonProps) => (
    <Button
      {...targetProps}
      id={buttonId}
      className={`${targetProps.className ?? ''} civic-user-menu-button`}
      variant="minimal"
      fill
      alignText="start"
      icon={<UserIcon />}
      endIcon={<CaretDownIcon />}
      title={user.email}
      text={user.name}
    />
  );
  if (!module) {
    return target({
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => {
        setOpenOnArrival(true);
        request();
      },
    });
  }
  return (
    <module.UserMenuPopover
      targetId={buttonId}
      openOnMount={openOnArrival}
      renderTarget={target}
      items={[
        ...(isCoreRoute(UserMenuPaths.settings) || catalog.hasRoute(UserMenuPaths.settings)
          ? [{ text: 'SETTINGS', onClick: () => navigate(UserMenuPaths.settings) }]
          : []),
        { text: 'HELP', href: config.helpGuideUrl, target: '_blank', rel: 'noopener noreferrer' },
        { text: 'LOG OUT', onClick: () => void auth.logout() },
      ]}
    />
  );
});
