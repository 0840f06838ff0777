export { AdminAppsQueryDto } from './admin-apps-query.dto';
export { LoginDto } from './login.dto';
export { validateDto, type ValidationOutcome } from './validate';
