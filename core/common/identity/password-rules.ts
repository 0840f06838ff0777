import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { Limits } from '../constants';
import { Messages } from '../messages';
import { isCommonPassword } from './common-passwords';

/**
 * Control characters (and lone surrogates / unassigned code points) are the "unsupported
 * characters" of §8; every printable character, spaces and emoji included, is allowed.
 */
const UNSUPPORTED = /[\p{Cc}\p{Cs}\p{Cn}]/u;

/** The first broken §5 rule, as its §8 message; undefined when the password is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < Limits.passwordMin) return Messages.passwordLength;
  if (password.length > Limits.passwordMax) return Messages.passwordTooLong;
  if (UNSUPPORTED.test(password)) return Messages.passwordUnsupportedCharacters;
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password) || !/\p{Nd}/u.test(password)) return Messages.passwordComplexity;
  if (isCommonPassword(password)) return Messages.passwordTooCommon;
  return undefined;
}

/** §5 password rules as one constraint: the message is the first rule broken. */
export function IsConsolePassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isConsolePassword',
      validator: {
        validate: (value: unknown) => passwordProblem(value) === undefined,
        defaultMessage: (args?: ValidationArguments) => passwordProblem(args?.value) ?? Messages.passwordComplexity,
      },
    },
    options,
  );
}

/** Equal to another property of the same object (password confirmation). */
export function EqualsProperty(property: string, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'equalsProperty',
    constraints: [property],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => value === (args?.object as Record<string, unknown>)[property],
      defaultMessage: () => message,
    },
  });
}

/** Different from another property of the same object (new password vs old). */
export function DiffersFromProperty(property: string, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'differsFromProperty',
    constraints: [property],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => value !== (args?.object as Record<string, unknown>)[property],
      defaultMessage: () => message,
    },
  });
}
