import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents, DomainRequests } from './domain-events';

type Subscriber<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;
type Handler<K extends keyof DomainRequests> = (payload: DomainRequests[K]['payload']) => Promise<DomainRequests[K]['answer']>;

/**
 * The in-process, typed event bus of one replica (core, so every module may use it without importing another):
 * `on`/`emit` for events (DomainEvents), `handle`/`request` for requests (DomainRequests). Replaces modules looking
 * each other up at run time. Work that must reach every replica still goes through Redis (boards' logs, cache
 * invalidation channels); this bus only connects modules inside one process.
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger(EventBus.name);
  private readonly subscribers = new Map<keyof DomainEvents, Subscriber<keyof DomainEvents>[]>();
  private readonly handlers = new Map<keyof DomainRequests, Handler<keyof DomainRequests>>();

  /** Subscribes for the life of the process (modules subscribe in onModuleInit). */
  on<K extends keyof DomainEvents>(name: K, subscriber: Subscriber<K>): void {
    const list = this.subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<keyof DomainEvents>);
    this.subscribers.set(name, list);
  }

  /**
   * Calls every subscriber in turn and waits for each. A failing subscriber is logged and costs only its own
   * reaction: the announcer's work is done (committed) and the other subscribers still run.
   */
  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const subscriber of this.subscribers.get(name) ?? []) {
      try {
        await subscriber(payload);
      } catch (err) {
        this.logger.error(`${name} subscriber failed: ${(err as Error).message}`);
      }
    }
  }

  /** Answers a request; a second handler for the same request is a wiring mistake and fails the start. */
  handle<K extends keyof DomainRequests>(name: K, handler: Handler<K>): void {
    if (this.handlers.has(name)) throw new Error(`EventBus: "${name}" already has a handler`);
    this.handlers.set(name, handler as unknown as Handler<keyof DomainRequests>);
  }

  /** Asks the one module that handles it; fails if none does (its module is not part of this app). */
  request<K extends keyof DomainRequests>(name: K, payload: DomainRequests[K]['payload']): Promise<DomainRequests[K]['answer']> {
    const handler = this.handlers.get(name) as Handler<K> | undefined;
    if (!handler) return Promise.reject(new Error(`EventBus: nothing handles "${name}"`));
    return handler(payload);
  }
}
