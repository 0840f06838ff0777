import { HttpError } from '../http/http-error';
import { InvalidTokenError, type StepToken, type StepTokenType, type TokenService } from './token-service';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/** The step token of an Authorization header (OTP endpoints); anything else is a bare 401. */
export async function readStepToken(tokens: TokenService, header: string | undefined, type: StepTokenType): Promise<StepToken> {
  const match = header ? BEARER.exec(header.trim()) : null;
  if (!match) throw HttpError.unauthorized();
  try {
    return await tokens.verifyStep(match[1], type);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw HttpError.unauthorized();
    throw error;
  }
}
