import { ValidateBy, type ValidationOptions } from '@civic/sdk/common/validators';

/** §5 "Agency name must be valid": a letter first, then letters, digits, spaces and & ( ) ' , . / -; 2–100 characters. */
export const AGENCY_NAME = /^[A-Za-z][A-Za-z0-9 &()',./-]{1,99}$/;
export function isValidAgencyName(value: unknown): value is string {
  return typeof value === 'string' && value === value.trim() && AGENCY_NAME.test(value) && !/\s{2}/.test(value);
}

/** §5 "external ones https": an absolute https URL with a host. */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function IsAgencyName(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isAgencyName', validator: { validate: isValidAgencyName } }, options);
}

export function IsHttpsUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isHttpsUrl', validator: { validate: isHttpsUrl } }, options);
}
