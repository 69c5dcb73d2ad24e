import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Fastify's logger as pino makes it: it can tell whether a level is written. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: LevelWithSilentOrString): boolean };

/**
 * A request's logger, made only when the request logs something at a level that is written.
 *
 * Fastify gives every request a child of the app's logger (its request id bound). Making a pino
 * child costs a new object and its bindings written as JSON, about a tenth of a small answer's work
 * (decision 0015), and at the default `warn` level almost no request ever writes a line. This one
 * stands in for the child: a call at a level the parent does not write returns at once; any other
 * use makes the real child (same bindings, same options) and hands over to it, so what is written
 * is what the child would have written.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: LevelAware | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindingsOf: Bindings,
  ) {}

  /** The real child, made on first use. */
  get made(): LevelAware {
    this.#made ??= this.parent.child(this.bindingsOf) as LevelAware;
    return this.#made;
  }

  get level(): LevelWithSilentOrString {
    return this.#made ? this.#made.level : this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made.level = level;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    return this.#made ? this.#made.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  #log(level: Level, args: unknown[]): void {
    if (!this.#made && !this.parent.isLevelEnabled(level)) return;
    const made = this.made;
    Reflect.apply(made[level], made, args);
  }
}

/**
 * Fastify's child logger factory with {@link RequestLogger}: a child with options of its own (a
 * route's log level or serializers) is made at once, as Fastify would.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  const aware = logger as Partial<LevelAware>;
  if (
    opts.level !== undefined ||
    opts.serializers !== undefined ||
    typeof aware.isLevelEnabled !== 'function'
  ) {
    return logger.child(bindings, opts);
  }
  return new RequestLogger(logger as LevelAware, bindings);
}
