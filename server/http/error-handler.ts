/**
 * Every failure of a request as the error envelope `{status, code, message}`, in the request's
 * language: Chinese by default, English under Accept-Language: en-US (an error's own `en`, else its
 * code's English from the catalogue).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { textLangOf } from '../report/config';
import { errorBody } from './envelope';
import { errorEnglish } from './error-messages';
import { HttpError } from './errors';

interface Words {
  zh: string;
  en: string;
}

/** Fastify's own refusals of a request body, in the words a user reads. */
const BODY_ERRORS: Record<string, Words> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { zh: '请求内容为空', en: 'The request body is empty' },
};

const STATUS_WORDS: Record<number, Words> = {
  413: { zh: '请求内容过大', en: 'The request body is too large' },
  415: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  429: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
};

/** Answers the error envelope in the request's language; `en` defaults to the code's English. */
export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, code: string, zh: string, en?: string) {
  const english = textLangOf(req.headers['accept-language']) === 'en';
  return reply.status(status).send(errorBody(status, code, english ? (en ?? errorEnglish(code)) : zh));
}

export function handleError(err: FastifyError | HttpError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) return sendError(req, reply, err.statusCode, err.code, err.message, err.en);
  const e = err as Partial<FastifyError>;
  if (e.validation) return sendError(req, reply, 400, 'BAD_REQUEST', `请求参数错误：${e.message}`, `Invalid request parameter: ${e.message}`);
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const words = STATUS_WORDS[status] ?? (e.code ? BODY_ERRORS[e.code] : undefined) ?? { zh: `请求无效：${e.message}`, en: `Invalid request: ${e.message}` };
    if (status === 429) return sendError(req, reply, status, 'RATE_LIMITED', words.zh, words.en);
    return sendError(req, reply, status, e.code ?? 'BAD_REQUEST', words.zh, words.en);
  }
  req.log.error({ err }, 'request failed');
  return sendError(req, reply, 500, 'INTERNAL_ERROR', '服务器内部错误，请稍后重试');
}
