import type { LiveEventName } from '@/lib/contract/live';

/** One server-sent event as received. */
export interface ReceivedEvent {
  name: LiveEventName | string;
  data: unknown;
}

export interface SseClient {
  status: number;
  contentType: string | null;
  events: ReceivedEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The next event named `name` not taken yet, waiting up to `ms`. */
  next(name: string, ms?: number): Promise<ReceivedEvent>;
  /** Events named `name` so far. */
  named(name: string): ReceivedEvent[];
  close(): void;
}

/** Opens `GET {baseUrl}/api/events` with `cookie` and parses the SSE frames as they come. */
export async function openEvents(baseUrl: string, cookie: string | null): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie, accept: 'text/event-stream' } : {},
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const taken = new Set<ReceivedEvent>();
  let notify = () => undefined as void;
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>;
          if (fields.event) {
            events.push({ name: fields.event, data: JSON.parse(fields.data ?? 'null') });
            notify();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended,
    named: (name) => events.filter((event) => event.name === name),
    next(name, ms = 3000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${name}" event within ${ms} ms`)), ms);
        const check = () => {
          const found = events.find((event) => event.name === name && !taken.has(event));
          if (!found) return;
          taken.add(found);
          clearTimeout(timer);
          notify = () => undefined;
          resolve(found);
        };
        notify = check;
        check();
      });
    },
    close: () => controller.abort(),
  };
}
