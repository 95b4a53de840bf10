import { describe, expect, it } from 'vitest';
import {
  initialState,
  isReplicaFailure,
  lagOf,
  parseMaxLag,
  parseReplicaUrls,
  pickReplica,
  stateDown,
  stateFromProbe,
  type ReplicaState,
} from './replica-select';

const ok: ReplicaState = { status: 'ok', lagSeconds: 0, checkedAt: 0, retryAfter: 0 };
const down: ReplicaState = { status: 'down', lagSeconds: null, checkedAt: 0, retryAfter: 10 };
const lagging: ReplicaState = { status: 'lagging', lagSeconds: 30, checkedAt: 0, retryAfter: 0 };

describe('replica lag', () => {
  it('counts a standby that applied all it received as lag 0, however old its last transaction', () => {
    expect(lagOf({ standby: true, caught_up: true, since_replay: 3600 })).toBe(0);
  });
  it('counts the time since the last replayed transaction while replay is behind', () => {
    expect(lagOf({ standby: true, caught_up: false, since_replay: 12.5 })).toBe(12.5);
    expect(lagOf({ standby: true, caught_up: null, since_replay: 2 })).toBe(2);
  });
  it('knows no lag before the first replayed transaction when behind', () => {
    expect(lagOf({ standby: true, caught_up: false, since_replay: null })).toBeNull();
  });
});

describe('replica state from a probe', () => {
  it('is ok within the bound and lagging past it (the bound itself is ok)', () => {
    expect(stateFromProbe({ standby: true, caught_up: false, since_replay: 5 }, 5, 1).status).toBe('ok');
    expect(stateFromProbe({ standby: true, caught_up: false, since_replay: 5.1 }, 5, 1)).toEqual({
      status: 'lagging',
      lagSeconds: 5.1,
      checkedAt: 1,
      retryAfter: 0,
    });
  });
  it('is lagging when behind with no lag known', () => {
    expect(stateFromProbe({ standby: true, caught_up: false, since_replay: null }, 5, 1).status).toBe('lagging');
  });
  it('never uses a server that is not in recovery (a promoted standby, or a primary listed by mistake)', () => {
    expect(stateFromProbe({ standby: false, caught_up: null, since_replay: null }, 5, 1).status).toBe('not-standby');
  });
  it('marks a standby down until its retry time, keeping the lag it last had', () => {
    expect(stateDown({ ...ok, lagSeconds: 1 }, 100, 5000)).toEqual({ status: 'down', lagSeconds: 1, checkedAt: 100, retryAfter: 5100 });
    expect(initialState(7).status).toBe('unknown');
  });
});

describe('picking a replica', () => {
  it('goes round robin over the usable standbys', () => {
    const states = [ok, down, ok, lagging];
    const first = pickReplica(states, 0);
    expect(first).toEqual({ index: 0, next: 1 });
    const second = pickReplica(states, first.next);
    expect(second).toEqual({ index: 2, next: 3 });
    expect(pickReplica(states, second.next)).toEqual({ index: 0, next: 1 });
  });
  it('answers null (the primary) when no standby is usable or none is configured', () => {
    expect(pickReplica([down, lagging, initialState(0)], 1).index).toBeNull();
    expect(pickReplica([], 0)).toEqual({ index: null, next: 0 });
  });
});

describe('failures the primary takes over', () => {
  it('retries connection failures and scans cancelled by replay', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '40001']) expect(isReplicaFailure({ code })).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
  it('does not retry a statement that is wrong on any server', () => {
    expect(isReplicaFailure({ code: '42P01', message: 'relation "x" does not exist' })).toBe(false);
    expect(isReplicaFailure({ code: '22012', message: 'division by zero' })).toBe(false);
    expect(isReplicaFailure(null)).toBe(false);
  });
});

describe('replica settings', () => {
  it('reads a comma list of URLs', () => {
    expect(parseReplicaUrls(' postgres://a/db , ,postgres://b/db')).toEqual(['postgres://a/db', 'postgres://b/db']);
    expect(parseReplicaUrls(undefined)).toEqual([]);
  });
  it('reads the lag bound, 5 s by default, and refuses nonsense', () => {
    expect(parseMaxLag(undefined)).toBe(5);
    expect(parseMaxLag('0.5')).toBe(0.5);
    expect(() => parseMaxLag('-1')).toThrow(/HM_REPLICA_MAX_LAG_S/);
    expect(() => parseMaxLag('soon')).toThrow(/HM_REPLICA_MAX_LAG_S/);
  });
});
