import { Button, Menu, MenuItem, PopoverNext, PopupKind } from '@blueprintjs/core';
import { CaretDownIcon, UserIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { AuthService } from '../../auth/auth-service';
import { isCoreRoute } from '../../auth/identity-routes';
import { ConsoleConfigService } from '../../config/console-config-service';
import { useService } from '../../di/container-context';
import { PluginCatalog } from '../../plugins/plugin-catalog';

/** §2 paths of the user menu. SETTINGS shows once the core or a plugin serves it: no dead links. */
export const UserMenuPaths = { settings: '/settings' } as const;

/** The user's name with a menu: SETTINGS, HELP (the guide, in a new tab), LOG OUT (§2). */
export const UserMenu = observer(function UserMenu() {
  const auth = useService<AuthService>(AuthService);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const navigate = useNavigate();
  const user = auth.user;
  if (!user) return null;

  const menu = (
    <Menu aria-label="User menu">
      {(isCoreRoute(UserMenuPaths.settings) || catalog.hasRoute(UserMenuPaths.settings)) && (
        <MenuItem text="SETTINGS" onClick={() => navigate(UserMenuPaths.settings)} />
      )}
      <MenuItem text="HELP" href={config.helpGuideUrl} target="_blank" rel="noopener noreferrer" />
      <MenuItem text="LOG OUT" onClick={() => void auth.logout()} />
    </Menu>
  );

  return (
    <PopoverNext
      content={menu}
      placement="bottom-start"
      arrow={false}
      fill
      popupKind={PopupKind.MENU}
      renderTarget={({ isOpen: _isOpen, ...targetProps }) => (
        <Button
          {...targetProps}
          className={`${targetProps.className ?? ''} civic-user-menu-button`}
          variant="minimal"
          fill
          alignText="start"
          icon={<UserIcon />}
          endIcon={<CaretDownIcon />}
          title={user.email}
          text={user.name}
        />
      )}
    />
  );
});
