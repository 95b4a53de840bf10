/**
 * A user-facing failure: answered with `statusCode` and the error envelope, never logged as a crash.
 * `message` is Chinese; `en` is its English where it names particulars, else the code's English
 * from the catalogue (`error-messages.ts`) is answered under en-US.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly en?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const unauthorized = (message = '登录已失效，请重新登录') => new HttpError(401, 'UNAUTHORIZED', message);
