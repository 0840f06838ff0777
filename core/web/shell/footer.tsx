import { CONSOLE_NAME } from '@civic/core/common/constants';
import { useConsoleVersion } from './use-console-version';

/** Copyright and build version (§2 sidebar footer, §9: 80 px). */
export function Footer() {
  const version = useConsoleVersion();
  return (
    <footer className="civic-footer">
      © {new Date().getFullYear()} {CONSOLE_NAME} · v{version}
    </footer>
  );
}
