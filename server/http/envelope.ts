import type { Envelope, ErrorBody } from '../../engine/wire';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { status: '200', message, data };
}

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { status: String(statusCode), code, message };
}

/**
 * The text of `ok(data)` around data already written as JSON: the same bytes as
 * `JSON.stringify(ok(data))`, for answers that write their data themselves.
 */
export function okText(dataJson: string): string {
  return `{"status":"200","message":"ok","data":${dataJson}}`;
}
