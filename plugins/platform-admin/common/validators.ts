import { isAllowedDomainEntry, ValidateBy, type ValidationOptions } from '@civic/sdk/common/validators';

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


export function IsAgencyName(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isAgencyName', validator: { validate: isValidAgencyName } }, options);
}

/**
 * An allowedDomains entry: a domain (`gov.sg`, for email sign-up and web chat sites alike) or an
 * exact web chat site origin (`https://www.agency.gov.sg`, `http://127.0.0.1:5180` on loopback).
 */
export function IsAllowedDomain(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isAllowedDomain', validator: { validate: (value: unknown) => typeof value === 'string' && isAllowedDomainEntry(value) } }, options);
}

export function IsHttpsUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isHttpsUrl', validator: { validate: isHttpsUrl } }, options);
}
