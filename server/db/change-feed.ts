/**
 * When copies of rows kept in memory can be trusted. A change made in this process is reported with
 * `made` once committed; every feed of the same handle and channel hears it (two apps over one
 * handle keep copies of their own). On PostgreSQL other processes may change the rows too: each change is
 * announced on a channel with NOTIFY inside the writing transaction (so it is sent only if it
 * commits), every process LISTENs, and while its listening connection is down nothing is trusted
 * (messages may be lost then). On DuckDB one process owns the file, so its own changes are all there are.
 */
import type { Db } from './types';

/** the feeds of each handle, by channel */
const feeds = new WeakMap<Db, Map<string, Set<ChangeFeed<unknown>>>>();

function feedsOf(db: Db, channel: string): Set<ChangeFeed<unknown>> {
  let byChannel = feeds.get(db);
  if (!byChannel) feeds.set(db, (byChannel = new Map()));
  let set = byChannel.get(channel);
  if (!set) byChannel.set(channel, (set = new Set()));
  return set;
}

export class ChangeFeed<T> {
  /** counts changes heard: a read that overlapped one may predate it and must not be kept */
  generation = 0;
  /** false while a PostgreSQL listener is not (yet) in place */
  trusted: boolean;

  /**
   * `onChange` forgets what a change makes stale; `onReset` forgets everything (the listener went
   * down or came back: changes may have been missed meanwhile).
   */
  constructor(
    private db: Db,
    private channel: string,
    private onChange: (change: T) => void,
    onReset: () => void,
  ) {
    feedsOf(db, channel).add(this as ChangeFeed<unknown>);
    this.trusted = !db.listen;
    db.listen?.(
      channel,
      (payload) => this.heard(JSON.parse(payload) as T),
      (up) => {
        this.generation++;
        onReset();
        this.trusted = up;
      },
    );
  }

  /** A change this process made, once committed: every feed of this handle and channel forgets. */
  made(change: T): void {
    for (const feed of feedsOf(this.db, this.channel)) feed.heard(change);
  }

  private heard(change: T): void {
    this.generation++;
    this.onChange(change);
  }
}

/** Tells the other processes (PostgreSQL) of a change, inside the transaction that makes it. */
export async function announceChange(tx: Db, channel: string, change: unknown): Promise<void> {
  if (tx.listen) await tx.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(change)]);
}
