import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";

/**
 * How busy a process's database connections are: `size` connections at most, `inFlight` units of work holding
 * one or waiting for one. Neither driver says: postgres.js keeps its connection queues to itself, and PGlite runs
 * everything on its one connection without saying who waits. So the client handed to Drizzle counts what goes
 * through it — a statement outside a transaction, a whole transaction, a session reserved for migrations — from
 * the call until it settles. postgres.js gives each unit a connection of its own while one is free (it opens a new
 * one before it queues or pipelines onto a busy one), so of n in flight min(n, size) hold a connection and the
 * rest wait for one.
 */
export type PoolUse = { size: number; inFlight: number };

export function inFlightCounter() {
  let inFlight = 0;
  const done = () => {
    inFlight--;
  };
  return {
    get inFlight() {
      return inFlight;
    },
    /** Counts from now until `work` settles; gives `work` back. */
    track<T extends PromiseLike<unknown>>(work: T): T {
      inFlight++;
      work.then(done, done);
      return work;
    },
    /** Counts from now until the returned release is called. */
    hold(): () => void {
      inFlight++;
      let released = false;
      return () => {
        if (!released) done();
        released = true;
      };
    },
  };
}
export type InFlightCounter = ReturnType<typeof inFlightCounter>;

/**
 * The postgres.js client as Drizzle sees it: its `unsafe` (every statement outside a transaction) and `begin`
 * (a transaction, whose statements go through its own handle) counted. `.then` starts a postgres.js query as
 * awaiting it would; Drizzle awaits each one at once and sets how rows come back (`.values()`) before that runs.
 */
export function countedPostgres(client: Sql, counter: InFlightCounter): Sql {
  const unsafe: Sql["unsafe"] = (...args) => counter.track(client.unsafe(...args));
  const begin = ((...args: Parameters<Sql["begin"]>) => counter.track(client.begin(...args))) as Sql["begin"];
  return new Proxy(client, {
    get: (target, property, receiver) => (property === "unsafe" ? unsafe : property === "begin" ? begin : Reflect.get(target, property, receiver)),
  });
}

/** PGlite as Drizzle sees it: `query` and `transaction` counted; its methods run on the instance itself (private fields). */
export function countedPglite(client: PGlite, counter: InFlightCounter): PGlite {
  const query: PGlite["query"] = (...args) => counter.track(client.query(...args));
  const transaction: PGlite["transaction"] = (...args) => counter.track(client.transaction(...args));
  return new Proxy(client, {
    get: (target, property) => {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
