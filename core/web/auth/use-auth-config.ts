import { useEffect, useState } from 'react';
import type { AuthConfig } from '@civic/core/common/model';
import { useService } from '../di/container-context';
import { AuthService } from './auth-service';

/** The public auth config (captcha switch, allowed email domains), null until it has loaded. */
export function useAuthConfig(): AuthConfig | null {
  const auth = useService<AuthService>(AuthService);
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    let live = true;
    auth.authConfig().then(
      (c) => live && setConfig(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [auth]);
  return config;
}
