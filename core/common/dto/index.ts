export { AdminAppsQueryDto } from './admin-apps-query.dto';
export { LinkTokenDto } from './link-token.dto';
export { LoginDto } from './login.dto';
export { OtpVerifyDto, TotpConfirmDto, TotpRemoveDto } from './otp.dto';
export { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from './password-flows.dto';
export { SignupDto } from './signup.dto';
export { SsoExchangeDto } from './sso-exchange.dto';
export { validateDto, type ValidationOutcome } from './validate';
export { ProfilePatchDto } from './profile.dto';
