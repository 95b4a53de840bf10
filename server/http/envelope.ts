import type { Envelope, ErrorBody } from '../../engine/wire';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { status: '200', message, data };
}

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { status: String(statusCode), code, message };
}
