/**
 * The /api routes the server registers, taken from Fastify as it registers them (not from a list kept
 * by hand), with the query and body parameter names each route's schema declares or its handler reads.
 * Shared by the tests that must reach every route (plain-input, isolation-fuzz): a new route is probed
 * the day it is added.
 */
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface ProbeRoute {
  method: string;
  url: string;
  /** query parameter names the route's schema declares or its handler reads */
  query: string[];
  /** body field names the route's schema declares or its handler reads */
  body: string[];
  /** the handler's source, for what a route reads beyond its parameters (a multipart form) */
  source: string;
  /** the JSON schemas the route declares, as registered */
  schema: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
}

/** The part of a JSON schema a probe shapes its values by. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  required?: string[];
}

const schemaNames = (schema: unknown): string[] => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});

/** `req.query.x`, `query.x` and `const { x, y } = req.query` in the handler's source */
export function namesRead(source: string, what: 'query' | 'body'): string[] {
  const dotted = [...source.matchAll(new RegExp(`\\b${what}\\??\\.(\\w+)`, 'g'))].map((m) => m[1]);
  const destructured = [...source.matchAll(new RegExp(`\\{([\\w\\s,:=']+)\\}\\s*=\\s*\\w+\\.${what}\\b`, 'g'))].flatMap((m) =>
    m[1].split(',').map((part) => part.split(/[:=]/)[0].trim()),
  );
  return [...dotted, ...destructured].filter((n) => /^\w+$/.test(n));
}

const unique = (names: string[]) => [...new Set(names)];

/** Told of every answer of the servers built: the route it matched (`METHOD /pattern`) and its status. */
export type OnAnswer = (route: string, status: number) => void;

/**
 * Runs `start` (which builds one or more servers) and returns what it returned with every /api route
 * registered meanwhile, once per method (HEAD and OPTIONS left out), each route once however many
 * servers registered it. `onAnswer`, when given, hears every answer of those servers to a request that
 * matched an /api route: what a request reached, as the server's router saw it.
 */
export async function gatherRoutes<T>(start: () => Promise<T>, onAnswer?: OnAnswer): Promise<{ routes: ProbeRoute[]; started: T }> {
  const byKey = new Map<string, ProbeRoute>();
  const collect = ({ fastify }: { fastify: FastifyInstance }): void => {
    if (onAnswer) {
      fastify.addHook('onResponse', async (req, reply) => {
        const url = req.routeOptions.url;
        if (url?.startsWith('/api/')) onAnswer(`${req.method} ${url}`, reply.statusCode);
      });
    }
    fastify.addHook('onRoute', (r: RouteOptions) => {
      if (!r.url.startsWith('/api/')) return;
      const source = String(r.handler);
      for (const method of ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        const key = `${method} ${r.url}`;
        if (byKey.has(key)) continue;
        byKey.set(key, {
          method,
          url: r.url,
          query: unique([...schemaNames(r.schema?.querystring), ...namesRead(source, 'query'), 'keyword']),
          body: unique([...schemaNames(r.schema?.body), ...namesRead(source, 'body'), 'remark', 'sku_no']),
          source,
          schema: (r.schema ?? {}) as ProbeRoute['schema'],
        });
      }
    });
  };
  // Fastify announces each instance before any route is added: the hook sees every registration
  const init = channel('fastify.initialization');
  init.subscribe(collect as (message: unknown) => void);
  try {
    const started = await start();
    return { routes: [...byKey.values()], started };
  } finally {
    init.unsubscribe(collect as (message: unknown) => void);
  }
}
