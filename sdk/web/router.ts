/** Routing for plugins: links, navigation and URL parameters from the console's router. */
export {
  generatePath,
  Link,
  matchPath,
  Navigate,
  NavLink,
  useBlocker,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, To } from 'react-router-dom';
