import type { Fanout, FanoutEvent, FanoutHandler } from './fanout';

/** A single instance: events go straight to the local handler. */
export class InProcessFanout implements Fanout {
  readonly kind = 'in-process' as const;
  private handler: FanoutHandler | null = null;

  async start(handler: FanoutHandler): Promise<void> {
    this.handler = handler;
  }

  async publish(event: FanoutEvent): Promise<void> {
    this.handler?.(event);
  }

  async close(): Promise<void> {
    this.handler = null;
  }
}
