/** A pino destination that keeps every JSON log line, parsed (tests of what the backend logs). */
export interface LogCapture {
  stream: { write(line: string): void };
  lines: Record<string, unknown>[];
  /** Every line of the request whose "incoming request" line names `url` (path and query). */
  ofRequest(url: string): Record<string, unknown>[];
}

export function captureLogs(): LogCapture {
  const lines: Record<string, unknown>[] = [];
  return {
    stream: {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
    lines,
    ofRequest(url) {
      const incoming = lines.find(
        (line) => (line.req as { url?: string } | undefined)?.url === url,
      );
      if (!incoming) return [];
      return lines.filter((line) => line.reqId === incoming.reqId);
    },
  };
}
