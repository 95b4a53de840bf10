/**
 * A small WHERE builder for the picker queries: values are always bound ($n), identifiers come from the
 * code only. Works the same on DuckDB and PostgreSQL.
 */
import type { Db } from '../db/types';
import type { Paging } from './params';

export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Binds a value and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A condition with `?` placeholders, bound in order. */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(condition.replace(/\?/g, () => this.bind(values[i++])));
    return this;
  }

  /** column = value, when the value is given. */
  eq(column: string, value: unknown): this {
    return value === undefined ? this : this.add(`${column} = ?`, value);
  }

  /** Case-insensitive containment in any of the columns, when the text is given. */
  like(columns: string[], value: string | undefined): this {
    if (value === undefined) return this;
    const pattern = likePattern(value);
    const ors = columns.map((c) => `LOWER(${c}) LIKE ${this.bind(pattern)} ESCAPE '\\'`);
    this.parts.push(`(${ors.join(' OR ')})`);
    return this;
  }

  /** column IN (…); an empty list matches nothing. */
  in(column: string, values: readonly unknown[]): this {
    if (values.length === 0) {
      this.parts.push('1 = 0');
      return this;
    }
    this.parts.push(`${column} IN (${values.map((v) => this.bind(v)).join(', ')})`);
    return this;
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** '%text%' in lower case with LIKE wildcards of the user's text escaped. */
export function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Page<T> {
  list: T[];
  total: number;
}

/** One page plus the total count of the filtered set. */
export async function pagedQuery<T>(
  db: Db,
  spec: { select: string; from: string; where: Where; orderBy: string; paging: Paging },
): Promise<Page<T>> {
  const { select, from, where, orderBy, paging } = spec;
  const [count] = await db.query<{ total: number }>(`SELECT COUNT(*) AS total FROM ${from} ${where.sql}`, where.params);
  const total = Number(count?.total ?? 0);
  if (total === 0 || paging.offset >= total) return { list: [], total };
  const list = await db.query<T>(
    `SELECT ${select} FROM ${from} ${where.sql} ORDER BY ${orderBy} LIMIT ${paging.page_size} OFFSET ${paging.offset}`,
    where.params,
  );
  return { list, total };
}
