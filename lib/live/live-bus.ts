import type { LiveEventData, LiveEventName } from '@/lib/contract/live';

type Listener<N extends LiveEventName> = (data: LiveEventData[N]) => void;

/** Hands each event of the live stream to the components listening for its name. */
export class LiveBus {
  private readonly listeners = new Map<LiveEventName, Set<Listener<never>>>();

  on<N extends LiveEventName>(name: N, listener: Listener<N>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<N extends LiveEventName>(name: N, data: LiveEventData[N]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      (listener as Listener<N>)(data);
    }
  }
}
