import { HttpError } from './http-error';

/**
 * An optional id query parameter: one string of 1 to 64 characters, as ids are (commands'
 * `Id`), without control characters; a repeated parameter (an array) is refused.
 */
export function idParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || !/^[^\u0000-\u001f\u007f]{1,64}$/u.test(value)) {
    throw new HttpError(400, 'bad-request', `${name} must be an id.`);
  }
  return value;
}

/** An optional whole-number query parameter within bounds. */
export function pageParam(
  value: unknown,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new HttpError(
      400,
      'bad-request',
      `${name} must be a whole number from ${min} to ${max}.`,
    );
  }
  return n;
}
