export function standaloneDir(root: string, distDir: string): string;
export function prepareStandalone(root: string, distDir: string): void;
export function standaloneIsPrepared(root: string, distDir: string): boolean;
export function appServerCommand(
  root: string,
  distDir: string,
  options: { port: number | string; host?: string },
): [string, string[], Record<string, string>];
