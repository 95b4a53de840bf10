/** A user-facing failure: answered with `statusCode` and the error envelope, never logged as a crash. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const notFound = (code: string, message: string) => new HttpError(404, code, message);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const unauthorized = (message = '登录已失效，请重新登录') => new HttpError(401, 'UNAUTHORIZED', message);
